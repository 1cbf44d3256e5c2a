"""Drives the Clinic Scheduling reference server (clinic-scheduling-mock) from Python.

Standard library only. Start the server first, for instance:

    CLINIC_MOCK_PORT=4010 CLINIC_MOCK_JSON=1 CLINIC_MOCK_ALLOW_HTTP_WEBHOOKS=1 \
      npx -p @clinic-scheduling/sdk clinic-scheduling-mock

then run, with the values of its start-up line:

    CLINIC_BASE_URL=http://127.0.0.1:4010 CLINIC_API_KEY=... CLINIC_ADMIN_TOKEN=... \
      python3 -m unittest -v test_reference_server.py

CLINIC_API_KEY is the key the server printed, or the one you gave it (CLINIC_MOCK_API_KEY).
"""

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
    """A webhook consumer: records each envelope, answers 204."""

    received = []

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        Consumer.received.append(json.loads(self.rfile.read(length)))
        self.send_response(204)
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


if __name__ == "__main__":
    unittest.main()
