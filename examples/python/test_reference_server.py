"""Drives the Clinic Scheduling reference server (clinic-scheduling-mock) from Python.

Standard library only. Start the server first, for instance:

    CLINIC_MOCK_PORT=4010 CLINIC_MOCK_JSON=1 CLINIC_MOCK_ALLOW_HTTP_WEBHOOKS=1 \
      npx -p @clinic-scheduling/sdk clinic-scheduling-mock

then run, with the values of its start-up line:

    CLINIC_BASE_URL=http://127.0.0.1:4010 CLINIC_API_KEY=... CLINIC_ADMIN_TOKEN=... \
      python3 -m unittest -v test_reference_server.py

CLINIC_API_KEY is the key the server printed, or the one you gave it (CLINIC_MOCK_API_KEY).
"""

import base64
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
CLINIC = {
    "rooms": [{"name": "Consultório 1"}],
    "professionals": [{"name": "Dra. Helena Prado", "default_room_id": 1}],
    "appointment_types": [{"name": "Consulta", "duration_minutes": 30}],
    "patients": [{"name": "Ana Souza"}],
}


NO_BODY = object()


def call(method, path, body=NO_BODY, token=None):
    """One request; returns (status, parsed JSON body or None). `None` is sent as JSON null."""
    data = None if body is NO_BODY else json.dumps(body).encode()
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


def api(method, path, body=NO_BODY, token=None):
    return call(method, API + path, body, token or API_KEY)


def control(method, path, body=NO_BODY):
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
        status, body = control("POST", "/seed", CLINIC)
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
        # The clock runs on from the instant set: an answer is that instant plus what the calls took.
        def since(text, start):
            return (datetime.datetime.fromisoformat(text) - start).total_seconds()

        start = datetime.datetime(2030, 1, 2, 12, tzinfo=datetime.timezone.utc)
        status, body = control("POST", "/clock", {"now": "2030-01-02T12:00:00Z"})
        self.assertEqual(status, 200)
        self.assertTrue(0 <= since(body["now"], start) < 5, body["now"])
        status, patient = api("POST", "/patients", {"name": "Carla Dias"})
        self.assertTrue(patient["created_at"].startswith("2030-01-02T"))
        later = control("POST", "/clock/advance", {"ms": 3600000})[1]["now"]
        self.assertTrue(3600 <= since(later, start) < 3605, later)

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

    def test_seed_document_is_all_or_nothing(self):
        bad = dict(CLINIC, appointments=[{
            "patient_id": 1, "professional_id": 1, "appointment_type_id": 9,
            "start_at": "2030-03-10T10:00:00-03:00"}])
        status, body = control("POST", "/seed", bad)
        self.assertEqual(status, 400)
        self.assertIn("appointments[0]", body["detail"])
        self.assertEqual(api("GET", "/patients")[1]["results"], [])
        # Corrected, it gets the ids the first try would have had.
        self.assertEqual(self.seed()["patients"][0]["id"], 1)

    def test_faults_by_id(self):
        status, fault = control("POST", "/faults", {
            "path": API + "/rooms", "status": 503, "times": "always"})
        self.assertEqual(status, 201)
        self.assertEqual((fault["times"], fault["remaining"]), ("always", "always"))
        pending = control("GET", "/faults")[1]["pending"]
        self.assertEqual([f["id"] for f in pending], [fault["id"]])
        self.assertEqual(api("GET", "/rooms")[0], 503)
        self.assertEqual(control("DELETE", "/faults/" + fault["id"]), (200, {"removed": fault["id"]}))
        self.assertEqual(control("DELETE", "/faults/" + fault["id"])[0], 404)
        self.assertEqual(api("GET", "/rooms")[0], 200)

    def test_clearing_faults_leaves_chaos_running(self):
        control("POST", "/chaos", {"seed": 1, "statusRate": 1, "pathPrefix": API + "/rooms"})
        control("POST", "/faults", {"path": API + "/patients", "status": 418})
        self.assertEqual(control("DELETE", "/faults")[1], {"removed": ["flt_1"]})
        self.assertEqual(api("GET", "/rooms")[0], 503)
        control("POST", "/chaos", None)
        self.assertEqual(api("GET", "/rooms")[0], 200)

    def test_unknown_records_are_404(self):
        unknown = "7b0f6d2e-3c1a-4e5b-9a8d-1f2e3d4c5b6a"
        for method, path, body in [
            ("PATCH", "/appointments/" + unknown, {"status": "confirmed"}),
            ("POST", "/events", {"type": "appointment.updated", "appointment_id": unknown}),
            ("POST", "/keys/revoke", {"key": "csk_live_unknown.secret"}),
            ("POST", "/webhooks/we_9/ping", NO_BODY),
            ("DELETE", "/faults/flt_9", NO_BODY),
        ]:
            self.assertEqual(control(method, path, body)[0], 404, (method, path))

    def test_endpoint_headers_on_every_delivery(self):
        self.seed()
        status, endpoint = control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
            "headers": {"X-Tenant": "clinic-7"}})
        self.assertEqual((status, endpoint["headers"]), (201, ["X-Tenant"]))
        self.book()
        control("POST", "/webhooks/settle")
        headers, _ = Consumer.raw[0]
        self.assertEqual(headers.get("X-Tenant"), "clinic-7")
        refused = control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
            "headers": {"Host": "internal.example"}})
        self.assertEqual(refused[0], 400)

    def test_one_header_signature_with_timestamp(self):
        # t=<ts>,v1=<hex> over "<ts>.<body>" in one header: a form the descriptor can name.
        secret = "whsec-one-header"
        self.seed()
        control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
            "signature": {"algorithm": "sha256", "encoding": "hex", "header": "Test-Signature",
                          "secret": secret, "signed": "timestamp.body",
                          "value": "t={timestamp},v1={signature}"}})
        self.book()
        control("POST", "/webhooks/settle")
        headers, body = Consumer.raw[0]
        parts = dict(p.split("=", 1) for p in headers.get("Test-Signature").split(","))
        expected = hmac.new(secret.encode(), parts["t"].encode() + b"." + body,
                            hashlib.sha256).hexdigest()
        self.assertTrue(hmac.compare_digest(parts["v1"], expected))

    def test_signed_event_id(self):
        secret = "whsec-event-id"
        self.seed()
        control("POST", "/webhooks", {
            "url": self.consumer_url, "events": ["appointment.created"],
            "signature": {"algorithm": "sha256", "encoding": "base64",
                          "header": "webhook-signature", "secret": secret,
                          "signed": "{id}.{timestamp}.{body}", "idHeader": "webhook-id",
                          "timestampHeader": "webhook-timestamp", "value": "v1,{signature}"}})
        self.book()
        control("POST", "/webhooks/settle")
        headers, body = Consumer.raw[0]
        self.assertEqual(headers.get("webhook-id"), json.loads(body)["id"])
        signed = "%s.%s." % (headers.get("webhook-id"), headers.get("webhook-timestamp"))
        digest = hmac.new(secret.encode(), signed.encode() + body, hashlib.sha256).digest()
        self.assertEqual(headers.get("webhook-signature"),
                         "v1," + base64.b64encode(digest).decode())

    def test_disabled_endpoint_and_administrators_notified(self):
        self.seed()
        _, endpoint = control("POST", "/webhooks", {
            "url": self.consumer_url + "/fail", "events": ["appointment.created"]})
        for hour in range(20):
            self.assertEqual(self.book("2030-03-11T%02d:00:00-03:00" % hour)[0], 201)
        deliveries = control("POST", "/webhooks/flush")[1]["deliveries"]
        self.assertEqual({d["state"] for d in deliveries}, {"exhausted"})
        endpoint = control("GET", "/webhooks")[1]["endpoints"][0]
        self.assertEqual((endpoint["enabled"], endpoint["disabled_reason"]),
                         (False, "consecutive_failures"))
        disabled = datetime.datetime.fromisoformat(endpoint["disabled_at"])
        self.assertEqual(disabled.utcoffset(), datetime.timedelta(0))
        self.assertEqual(endpoint["administrators_notified_at"], endpoint["disabled_at"])

    def test_duplicate_copies_are_marked(self):
        self.seed()
        control("POST", "/webhooks", {"url": self.consumer_url, "events": ["appointment.created"]})
        control("PATCH", "/webhooks/options", {"duplicate": 1, "reorder": {"windowMs": 0}})
        self.book()
        deliveries = control("POST", "/webhooks/flush")[1]["deliveries"]
        self.assertEqual([d["duplicate"] for d in deliveries], [False, True])

    def test_settings_open_no_target_the_server_was_not_started_with(self):
        # Started with CLINIC_MOCK_ALLOW_HTTP_WEBHOOKS=1: loopback only, no host named.
        status, body = control("PATCH", "/server-settings",
                               {"webhooks": {"allowHttpHosts": ["metadata.internal"]}})
        self.assertEqual(status, 403)
        self.assertIn("--allow-http-webhooks", body["detail"])

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
        self.assertEqual(datetime.datetime.fromisoformat(answered["time"]).utcoffset(),
                         datetime.timedelta(0))
        self.assertNotIn(API_KEY.split(".")[1], json.dumps(answered))


if __name__ == "__main__":
    unittest.main()
