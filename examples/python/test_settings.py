"""The reference server's readings of what the spec leaves "not shown", from Python.

Standard library only. Run it beside test_reference_server.py (same server, same variables):

    python3 -m unittest -v test_settings.py

The defaults are the conservative readings (they refuse what the spec does not grant and invent
no refusal it does not state); each other reading is a setting, switched over HTTP with
PATCH /__control/settings (one clinic) or /__control/server-settings (the whole document).
"""

import json
import unittest
import urllib.error
import urllib.request

from test_reference_server import ADMIN_TOKEN, API, API_KEY, BASE_URL, api, control


def exchange(method, path, body=None, headers=None):
    """One API request; returns (status, headers, parsed JSON body or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE_URL + API + path, data=data, method=method)
    request.add_header("Authorization", "Bearer " + API_KEY)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, response.headers, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, error.headers, (json.loads(text) if text else None)


class SettingsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not API_KEY or not ADMIN_TOKEN:
            raise unittest.SkipTest("set CLINIC_BASE_URL, CLINIC_API_KEY and CLINIC_ADMIN_TOKEN")

    def setUp(self):
        self.assertEqual(control("POST", "/reset")[0], 200)

    def test_conservative_defaults(self):
        key = {"Idempotency-Key": "py-key"}
        status, _, ana = exchange("POST", "/patients", {"name": "Ana Souza"}, key)
        self.assertEqual(status, 201)
        # A key sent on any write binds to that endpoint and body for 24 hours.
        self.assertEqual(exchange("POST", "/patients", {"name": "Bia"}, key)[0], 422)
        # phone: a mobile number with area code; the CPF's check digits, nothing more.
        self.assertEqual(api("POST", "/patients", {"name": "C", "phone": "ligar depois"})[0], 400)
        self.assertEqual(api("POST", "/patients", {"name": "D", "phone": "(11) 98765-4321"})[0], 201)
        self.assertEqual(api("POST", "/patients", {"name": "E", "cpf": "111.111.111-11"})[0], 201)
        # "Only the fields sent are changed": none sent, nothing changes.
        self.assertEqual(api("PATCH", "/patients/%d" % ana["id"], {}), (200, ana))
        # name: a case-sensitive substring.
        self.assertEqual(len(api("GET", "/patients?name=Souza")[1]["results"]), 1)
        self.assertEqual(len(api("GET", "/patients?name=souza")[1]["results"]), 0)

    def test_each_reading_is_a_setting(self):
        status, settings = control("PATCH", "/settings", {
            "phoneRule": "length",
            "nameFilter": "fold-case",
            "emptyPatch": "refuse",
            "patientCreateStatus": 200,
            "invalidCursor": 404,
        })
        self.assertEqual(status, 200)
        self.assertEqual(settings["nameFilter"], "fold-case")
        status, patient = api("POST", "/patients", {"name": "Ana", "phone": "ligar depois"})
        self.assertEqual(status, 200)
        self.assertEqual(len(api("GET", "/patients?name=ANA")[1]["results"]), 1)
        self.assertEqual(api("PATCH", "/patients/%d" % patient["id"], {})[0], 400)
        self.assertEqual(api("GET", "/rooms?cursor=forged")[0], 404)

        # A bad value is refused whole: nothing of the patch applies.
        before = control("GET", "/settings")[1]
        status, body = control("PATCH", "/settings", {"phoneRule": "number", "invalidCursor": 401})
        self.assertEqual(status, 400)
        self.assertIn("invalidCursor", body["detail"])
        self.assertEqual(control("GET", "/settings")[1], before)

    def test_request_id_and_rate_limit(self):
        status, _ = control("PATCH", "/server-settings", {
            "requestIdHeader": "X-Request-Id",
            "clinic": {"rateLimit": {"requests": 2, "windowMs": 60000}},
        })
        self.assertEqual(status, 200)
        first = exchange("GET", "/rooms")
        self.assertEqual(first[0], 200)
        self.assertTrue(first[1]["X-Request-Id"])
        self.assertEqual(exchange("GET", "/rooms")[0], 200)
        limited = exchange("GET", "/rooms")
        self.assertEqual(limited[0], 429)
        self.assertEqual(limited[1]["Retry-After"], "60")
        self.assertIn("detail", limited[2])


if __name__ == "__main__":
    unittest.main()
