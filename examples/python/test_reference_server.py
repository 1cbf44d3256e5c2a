"""Drives the Clinic Scheduling reference server (clinic-scheduling-mock) from Python.

Standard library only. Start the server first, for instance:

    CLINIC_MOCK_PORT=4010 CLINIC_MOCK_JSON=1 CLINIC_MOCK_ALLOW_HTTP_WEBHOOKS=1 \
      npx -p @clinic-scheduling/sdk clinic-scheduling-mock

then run, with the values of its start-up line:

    CLINIC_BASE_URL=http://127.0.0.1:4010 CLINIC_API_KEY=... CLINIC_ADMIN_TOKEN=... \
      python3 -m unittest -v test_reference_server.py

CLINIC_API_KEY is the key the server printed, or the one you gave it (CLINIC_MOCK_API_KEY).
"""

import datetime
import hashlib
import hmac
import http.server
import json
import os
import threading
import unittest
import urllib.error
import urllib.request

BASE_URL = os.environ.get("CLINIC_BASE_URL", "http://127.0.0.1:4010").rstrip("/")
API_KEY = os.environ.get("CLINIC_API_KEY", "")
ADMIN_TOKEN = os.environ.get("CLINIC_ADMIN_TOKEN", "")
API = "/api/public/v1"


def call(method, path, body=None, token=None):
    """One request; returns (status, parsed JSON body or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE_URL + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, (json.loads(text) if text else None)


def api(method, path, body=None, token=None):
    return call(method, API + path, body, token or API_KEY)


def control(method, path, body=None):
    return call(method, "/__control" + path, body, ADMIN_TOKEN)


class Consumer(http.server.BaseHTTPRequestHandler):
    """A webhook consumer: records each envelope and its headers; answers 500 on /fail."""

    received = []
    raw = []

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        Consumer.raw.append((self.headers, body))
        Consumer.received.append(json.loads(body))
        self.send_response(500 if self.path.endswith("/fail") else 204)
        self.end_headers()

    def log_message(self, *args):
        pass


class ReferenceServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not API_KEY or not ADMIN_TOKEN:
            raise unittest.SkipTest("set CLINIC_BASE_URL, CLINIC_API_KEY and CLINIC_ADMIN_TOKEN")
        cls.consumer = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Consumer)
        threading.Thread(target=cls.consumer.serve_forever, daemon=True).start()
        cls.consumer_url = "http://127.0.0.1:%d/webhooks" % cls.consumer.server_address[1]

    @classmethod
    def tearDownClass(cls):
        cls.consumer.shutdown()
        cls.consumer.server_close()

    def setUp(self):
        self.assertEqual(control("POST", "/reset")[0], 200)
        Consumer.received.clear()
        Consumer.raw.clear()

    def seed(self):
        status, body = control("POST", "/seed", {
            "rooms": [{"name": "Consultório 1"}],
            "professionals": [{"name": "Dra. Helena Prado", "default_room_id": 1}],
            "appointment_types": [{"name": "Consulta", "duration_minutes": 30}],
            "patients": [{"name": "Ana Souza"}],
        })
        self.assertEqual(status, 201)
        return body["created"][0]

    def book(self, start_at="2030-03-10T10:00:00-03:00"):
        return api("POST", "/appointments", {
            "patient_id": 1, "professional_id": 1,
            "appointment_type_id": 1, "start_at": start_at,
        })

    def test_ready_without_token(self):
        self.assertEqual(call("GET", "/__control/ready"), (200, {"ready": True}))

    def test_create_and_list(self):
        status, patient = api("POST", "/patients", {"name": "Bruno Lima"})
        self.assertEqual(status, 201)
        status, page = api("GET", "/patients")
        self.assertEqual(status, 200)
        self.assertEqual([p["id"] for p in page["results"]], [patient["id"]])

    def test_bad_control_input_is_400_and_changes_nothing(self):
        status, body = control("PATCH", "/settings", {"nullRoom": "no_room"})
        self.assertEqual(status, 400)
        self.assertIn("nullRoom", body["detail"])
        self.assertEqual(control("GET", "/settings")[1]["nullRoom"], "no-room")
        self.assertEqual(control("POST", "/faults", {"pth": "/x"})[0], 400)
        self.assertEqual(control("POST", "/clock/advance", {"ms": 1e300})[0], 400)
        self.assertEqual(api("POST", "/patients", {"name": "Still Works"})[0], 201)

    def test_settings_require_a_room(self):
        control("POST", "/seed", {
            "professionals": [{"name": "Dr. Sem Sala"}],
            "appointment_types": [{"name": "Consulta", "duration_minutes": 30}],
            "patients": [{"name": "Ana Souza"}],
        })
        self.assertEqual(control("PATCH", "/settings", {"requireRoom": True})[0], 200)
        status, body = self.book()
        self.assertEqual(status, 409)
        self.assertEqual(body["code"], "room_required")

    def test_faults(self):
        control("POST", "/faults", {
            "path": API + "/rooms", "status": 503, "headers": {"Retry-After": "1"},
        })
        self.assertEqual(api("GET", "/rooms")[0], 503)
        self.assertEqual(api("GET", "/rooms")[0], 200)

    def test_keys(self):
        status, body = control("POST", "/keys", {"preset": "read_only"})
        self.assertEqual(status, 201)
        read_only = body["key"]
        self.assertEqual(api("GET", "/patients", token=read_only)[0], 200)
        self.assertEqual(api("POST", "/patients", {"name": "X"}, token=read_only)[0], 403)
        self.assertEqual(control("POST", "/keys/revoke", {"key": read_only})[1], {"revoked": True})
        self.assertEqual(api("GET", "/patients", token=read_only)[0], 401)

    def test_clock(self):
        status, body = control("POST", "/clock", {"now": "2030-01-02T12:00:00Z"})
        self.assertEqual((status, body["now"]), (200, "2030-01-02T12:00:00+00:00"))
        status, patient = api("POST", "/patients", {"name": "Carla Dias"})
        self.assertTrue(patient["created_at"].startswith("2030-01-02T"))
        self.assertEqual(control("POST", "/clock/advance", {"ms": 3600000})[1]["now"],
                         "2030-01-02T13:00:00+00:00")

    def test_webhook_delivery_ping_and_endpoint_lifecycle(self):
        self.seed()
        status, endpoint = control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
        })
        self.assertEqual(status, 201)
        self.assertEqual(self.book()[0], 201)
        control("POST", "/webhooks/settle")
        self.assertEqual([e["type"] for e in Consumer.received], ["appointment.created"])
        status, delivery = control("POST", "/webhooks/%s/ping" % endpoint["id"])
        self.assertEqual((status, delivery["state"]), (201, "succeeded"))
        self.assertEqual(control("POST", "/webhooks/%s/disable" % endpoint["id"])[1]["enabled"], False)
        self.assertEqual(control("POST", "/webhooks/%s/enable" % endpoint["id"])[1]["enabled"], True)
        self.assertEqual(control("DELETE", "/webhooks/" + endpoint["id"])[0], 200)
        self.assertEqual(control("GET", "/webhooks")[1]["endpoints"], [])

    def test_duplicate_deliveries(self):
        self.seed()
        control("POST", "/webhooks", {"url": self.consumer_url, "events": ["appointment.created"]})
        control("PATCH", "/webhooks/options", {"duplicate": 1, "reorder": {"windowMs": 0}})
        self.book()
        control("POST", "/webhooks/flush")
        ids = [e["id"] for e in Consumer.received]
        self.assertEqual(len(ids), 2)
        self.assertEqual(ids[0], ids[1])

    def test_list_envelope(self):
        control("PATCH", "/list-envelope", {"patients": "array"})
        self.assertIsInstance(api("GET", "/patients")[1], list)

    def test_signed_delivery_verified_in_python(self):
        # The spec shows no signature scheme: this one is named in full here, not the service's.
        secret = "whsec-python-suite"
        self.seed()
        status, _ = control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
            "signature": {
                "algorithm": "sha256", "encoding": "hex", "header": "X-Test-Signature",
                "secret": secret, "signed": "timestamp.body",
                "timestampHeader": "X-Test-Timestamp",
            },
        })
        self.assertEqual(status, 201)
        self.assertEqual(self.book()[0], 201)
        control("POST", "/webhooks/settle")
        headers, body = Consumer.raw[0]
        timestamp = headers.get("X-Test-Timestamp")
        expected = hmac.new(secret.encode(), timestamp.encode() + b"." + body,
                            hashlib.sha256).hexdigest()
        self.assertTrue(hmac.compare_digest(headers.get("X-Test-Signature"), expected))
        self.assertNotIn(secret, json.dumps(control("GET", "/webhooks")[1]))

    def test_staff_side_changes_emit_events(self):
        self.seed()
        control("POST", "/webhooks", {
            "url": self.consumer_url,
            "events": ["appointment.created", "appointment.updated", "appointment.cancelled"],
        })
        status, booked = control("POST", "/appointments", {
            "patient_id": 1, "professional_id": 1, "appointment_type_id": 1,
            "start_at": "2030-03-10T10:00:00-03:00", "origin": "staff",
        })
        self.assertEqual(status, 201)
        for status_value in ("checked_in", "completed"):
            status, _ = control("PATCH", "/appointments/" + booked["id"], {"status": status_value})
            self.assertEqual(status, 200)
        control("POST", "/webhooks/settle")
        self.assertEqual(
            [(e["type"], e["data"]["status"], e["data"]["origin"]) for e in Consumer.received],
            [("appointment.created", "scheduled", "staff"),
             ("appointment.updated", "checked_in", "staff"),
             ("appointment.updated", "completed", "staff")])

    def test_retry_schedule_after_clock_moves(self):
        self.seed()
        control("POST", "/webhooks", {
            "url": self.consumer_url + "/fail", "events": ["appointment.created"],
        })
        self.assertEqual(self.book()[0], 201)
        # No settle in between: the server settles what is in flight before the clock moves.
        control("POST", "/clock/advance", {"ms": 9 * 3600 * 1000})
        delivery = control("GET", "/webhooks")[1]["deliveries"][0]
        times = [datetime.datetime.fromisoformat(a["at"]) for a in delivery["attempts"]]
        gaps = [round((b - a).total_seconds() / 60) for a, b in zip(times, times[1:])]
        self.assertEqual(gaps, [1, 5, 30, 120, 360])
        self.assertEqual(delivery["state"], "exhausted")
        self.assertIsNone(delivery["nextAttemptAt"])

    def test_request_log(self):
        control("POST", "/faults", {"path": API + "/rooms", "status": 503})
        request = urllib.request.Request(BASE_URL + API + "/rooms", headers={
            "Authorization": "Bearer " + API_KEY, "X-Attempt": "1"})
        with self.assertRaises(urllib.error.HTTPError):
            urllib.request.urlopen(request, timeout=30)
        request.add_header("X-Attempt", "2")
        with urllib.request.urlopen(request, timeout=30) as response:
            self.assertEqual(response.status, 200)
        faulted, answered = control("GET", "/requests")[1]["requests"][-2:]
        self.assertEqual((faulted["status"], faulted["attempt"]), (503, 1))
        self.assertEqual(faulted["outcome"], {"source": "fault", "action": "status"})
        self.assertEqual((answered["status"], answered["attempt"]), (200, 2))
        self.assertNotIn("outcome", answered)
        self.assertGreaterEqual(answered["durationMs"], 0)
        datetime.datetime.fromisoformat(answered["time"].replace("Z", "+00:00"))
        self.assertNotIn(API_KEY.split(".")[1], json.dumps(answered))


if __name__ == "__main__":
    unittest.main()
