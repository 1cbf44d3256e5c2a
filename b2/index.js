// dist/chunk-NVDQQQYN.js
var API_PREFIX = "/api/public/v1";
var IDEMPOTENCY_HEADER = "Idempotency-Key";
var REPLAYED_HEADER = "Idempotent-Replayed";
var LATIN1 = "\\x80-\\xff";
var VISIBLE = `\\x21-\\x7e${LATIN1}`;
var ANY = `\\t\\x20-\\x7e${LATIN1}`;
var HEADER_VALUE = new RegExp(`^[${ANY}]*$`);
var EXACT_HEADER_VALUE = new RegExp(`^[${VISIBLE}](?:[${ANY}]*[${VISIBLE}])?$`);
var HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
var BRAND_NAME = /* @__PURE__ */ Symbol.for("@clinic-scheduling/sdk/error-brand");
function mark(name) {
  return /* @__PURE__ */ Symbol.for(`@clinic-scheduling/sdk/error:${name}`);
}
var ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
function hasBrandedInstance(value) {
  if (ordinaryHasInstance.call(this, value)) return true;
  if (typeof value !== "object" || value === null || !Object.hasOwn(this, BRAND_NAME)) {
    return false;
  }
  const name = this[BRAND_NAME];
  return value[mark(name)] === true;
}
function brandErrors(classes) {
  for (const [name, cls] of Object.entries(classes)) {
    Object.defineProperty(cls, BRAND_NAME, { value: name });
    Object.defineProperty(cls.prototype, mark(name), { value: true });
    Object.defineProperty(cls, Symbol.hasInstance, { value: hasBrandedInstance });
  }
}

// dist/chunk-O225OOHY.js
import * as z from "zod";
var ClinicError = class extends Error {
  /** `'ClinicError'`: the class name, which survives minification. */
  name = "ClinicError";
};
function withIdempotencyKey(error, key) {
  if (key !== void 0 && error instanceof ClinicError && error.idempotencyKey === void 0) {
    Object.defineProperty(error, "idempotencyKey", {
      value: key,
      enumerable: true,
      writable: false,
      configurable: true
    });
  }
  return error;
}
var ConfigurationError = class extends ClinicError {
  /** `'ConfigurationError'`: the class name, which survives minification. */
  name = "ConfigurationError";
};
var ValidationError = class extends ClinicError {
  /** `'ValidationError'`: the class name, which survives minification. */
  name = "ValidationError";
  /** Field name (dotted for nested fields) → messages; `non_field_errors` for the whole input. */
  fields;
  constructor(fields, what = "the input") {
    super(`Invalid ${what}: ${formatFields(fields)}`);
    this.fields = fields;
  }
};
var ResponseValidationError = class extends ClinicError {
  /** `'ResponseValidationError'`: the class name, which survives minification. */
  name = "ResponseValidationError";
  /** The paths of the response members that did not match, such as `results.3.start_at`. */
  paths;
  /** HTTP method of the request. */
  method;
  /** URL path of the request. */
  path;
  constructor(paths, method, path) {
    super(
      `The response to ${method} ${path} does not match the API's schema at: ${paths.join(", ")}. Pass validateResponses: false to accept it unchecked.`
    );
    this.paths = paths;
    this.method = method;
    this.path = path;
  }
};
var APIConnectionError = class extends ClinicError {
  /** `'APIConnectionError'`: the class name, which survives minification. */
  name = "APIConnectionError";
  constructor(message = "Connection error: no response was received.", options) {
    super(message, options);
  }
};
var APIConnectionTimeoutError = class extends APIConnectionError {
  /** `'APIConnectionTimeoutError'`: the class name, which survives minification. */
  name = "APIConnectionTimeoutError";
  constructor(message = "Request timed out.", options) {
    super(message, options);
  }
};
var APIUserAbortError = class extends ClinicError {
  /** `'APIUserAbortError'`: the class name, which survives minification. */
  name = "APIUserAbortError";
  constructor(message = "Request was aborted.", options) {
    super(message, options);
  }
};
var ReadBackError = class extends ClinicError {
  /** `'ReadBackError'`: the class name, which survives minification. */
  name = "ReadBackError";
  /** HTTP method of the write that succeeded. */
  method;
  /** URL path of the write that succeeded. */
  path;
  /** The write's 2xx response (its body already read). */
  response;
  constructor(write, readPath, cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `${write.method} ${write.path} succeeded (${write.response.status}), but reading the record back with GET ${readPath} failed: ${why.replace(/\.?$/, ".")} The change was made: do not repeat it; read the record again later.`,
      { cause }
    );
    this.method = write.method;
    this.path = write.path;
    this.response = write.response;
  }
};
function formatFields(fields) {
  return Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join("; ")}`).join(", ");
}
brandErrors({
  ClinicError,
  ConfigurationError,
  ValidationError,
  ResponseValidationError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ReadBackError
});
var LIMITS = {
  /** `Idempotency-Key` header: at most 255 characters. */
  idempotencyKeyLength: 255,
  /** Idempotency replay window: 24 hours. */
  idempotencyWindowMs: 24 * 60 * 60 * 1e3,
  /** Appointment `note`: at most 2000 characters. */
  noteLength: 2e3,
  /** Patient `name`: at most 255 characters. */
  patientNameLength: 255,
  /** Patient `phone`: at most 40 characters. */
  patientPhoneLength: 40,
  /** Patient `cpf`: at most 20 characters. */
  patientCpfLength: 20,
  /** Patient `email`: at most 100 characters. */
  patientEmailLength: 100,
  /** List page size: default 50. */
  defaultPageSize: 50,
  /** List page size: maximum 100. */
  maxPageSize: 100
};
function typeError(message) {
  return {
    /** The message of an issue: `is required` for a missing value, else `message`. */
    error: (issue) => issue.input === void 0 ? "is required" : message
  };
}
var IntegerId = z.number(typeError("must be a positive integer id")).int({ error: "must be a positive integer id" }).positive({ error: "must be a positive integer id" });
var AppointmentId = z.guid(typeError("must be a UUID (the appointment id)"));
var ResponseDateTime = z.iso.datetime({
  offset: true,
  local: true,
  error: "must be an ISO 8601 date-time"
});
var START_AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;
function parseStartAt(value) {
  const m = START_AT_PATTERN.exec(value);
  if (!m) return void 0;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const parts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s === void 0 ? 0 : Number(s),
    zone
  };
  if (frac !== void 0 && /[1-9]/.test(frac)) parts.second = Number.NaN;
  return parts;
}
function zoneOffsetOf(zone) {
  if (zone === "Z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return void 0;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) return void 0;
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
function isRealDate(year, month, day) {
  if (month < 1 || month > 12 || day < 1) return false;
  const last = /* @__PURE__ */ new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}
function formatInstant(date2) {
  return `${date2.toISOString().slice(0, 19)}+00:00`;
}
var StartAt = z.union(
  [z.string(), z.date()],
  typeError("must be an ISO 8601 date-time string (seconds 00) or a Date")
).superRefine((value, ctx) => {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be a valid Date" });
    } else if (value.getUTCFullYear() < 0 || value.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: "custom", message: "must be a Date in the years 0000 to 9999" });
    } else if (value.getUTCSeconds() !== 0 || value.getUTCMilliseconds() !== 0) {
      ctx.addIssue({ code: "custom", message: "seconds must be 00" });
    }
    return;
  }
  const parts = parseStartAt(value);
  if (!parts || !isRealDate(parts.year, parts.month, parts.day) || parts.hour > 23 || parts.minute > 59 || parts.second > 59) {
    if (parts && Number.isNaN(parts.second)) {
      ctx.addIssue({ code: "custom", message: "seconds must be 00" });
      return;
    }
    ctx.addIssue({
      code: "custom",
      message: "must be an ISO 8601 date-time such as 2026-03-02T14:30:00-03:00"
    });
    return;
  }
  if (parts.zone !== void 0 && zoneOffsetOf(parts.zone) === void 0) {
    ctx.addIssue({
      code: "custom",
      message: "the UTC offset must be within -23:59 and +23:59, such as -03:00"
    });
    return;
  }
  if (parts.second !== 0) ctx.addIssue({ code: "custom", message: "seconds must be 00" });
}).transform((value) => value instanceof Date ? formatInstant(value) : value);
var CPF_FORMAT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
function normalizeCpf(cpf) {
  return cpf.replace(/[.-]/g, "");
}
function cpfCheckDigits(digits) {
  const all = digits.slice(0, 9);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += all[i] * (length + 1 - i);
    all.push(sum * 10 % 11 % 10);
  }
  return [all[9], all[10]];
}
function isValidCpf(cpf) {
  if (!CPF_FORMAT.test(cpf)) return false;
  const digits = normalizeCpf(cpf);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const [first, second] = cpfCheckDigits(nums);
  return nums[9] === first && nums[10] === second;
}
var Cpf = z.string(typeError("must be a string")).max(LIMITS.patientCpfLength, { error: `must be at most ${LIMITS.patientCpfLength} characters` }).refine(isValidCpf, {
  error: "is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)"
});
var PatientName = z.string(typeError("must be a string")).trim().min(1, { error: "must not be empty" }).max(LIMITS.patientNameLength, {
  error: `must be at most ${LIMITS.patientNameLength} characters`
});
var Phone = z.string(typeError("must be a string")).trim().min(1, { error: "must not be empty; send null to erase the phone" }).max(LIMITS.patientPhoneLength, {
  error: `must be at most ${LIMITS.patientPhoneLength} characters`
});
var HTML5_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
var Email = z.email({
  pattern: HTML5_EMAIL,
  ...typeError("must be an e-mail address such as ana@example.com")
}).max(LIMITS.patientEmailLength, {
  error: `must be at most ${LIMITS.patientEmailLength} characters`
});
var BirthDate = z.iso.date(typeError("must be a date in the form YYYY-MM-DD"));
var Gender = z.enum(["F", "M", "O"], typeError("must be one of F, M, O"));
var Note = z.string(typeError("must be a string")).max(LIMITS.noteLength, { error: `must be at most ${LIMITS.noteLength} characters` });
var IdempotencyKey = z.string(typeError("must be a string")).min(1, { error: "must not be empty" }).max(LIMITS.idempotencyKeyLength, {
  error: `must be at most ${LIMITS.idempotencyKeyLength} characters`
}).refine((key) => key === "" || EXACT_HEADER_VALUE.test(key), {
  error: "must be text an HTTP header carries unchanged: no line breaks or control characters, nothing beyond Latin-1, no white space at either end (a uuid is a good key)"
});
var ListQuery = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()])
);
var AppointmentType = z.object({
  id: z.number().int(),
  name: z.string()
});
var Professional = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable()
});
var Room = z.object({
  id: z.number().int(),
  name: z.string()
});
var AppointmentModality = z.enum(["in_person", "telehealth"]);
var AppointmentOrigin = z.enum(["staff", "patient_booking", "api"]);
var AppointmentStatus = z.enum([
  "requested",
  "scheduled",
  "confirmed",
  "checked_in",
  "completed",
  "no_show",
  "cancelled"
]);
var AppointmentUpdateStatus = z.enum(
  ["scheduled", "confirmed"],
  typeError("must be scheduled or confirmed (the only statuses the API may set)")
);
var Appointment = z.object({
  id: AppointmentId.nullable(),
  appointment_type: AppointmentType,
  patient: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable()
  }).nullable(),
  professional: Professional.nullable(),
  room: Room.nullable(),
  start_at: ResponseDateTime,
  end_at: ResponseDateTime,
  modality: AppointmentModality,
  origin: AppointmentOrigin,
  status: AppointmentStatus,
  created_at: ResponseDateTime,
  updated_at: ResponseDateTime,
  note: z.string().nullable().optional()
});
var AppointmentCreateParams = z.strictObject({
  patient_id: IntegerId,
  professional_id: IntegerId,
  appointment_type_id: IntegerId,
  start_at: StartAt,
  room_id: IntegerId.nullable().optional(),
  note: Note.optional()
});
var AppointmentUpdateParams = z.strictObject({
  start_at: StartAt.optional(),
  professional_id: IntegerId.optional(),
  room_id: IntegerId.nullable().optional(),
  note: Note.optional(),
  status: AppointmentUpdateStatus.optional()
}).refine((body) => Object.values(body).some((v) => v !== void 0), {
  error: "send at least one of start_at, professional_id, room_id, note, status; nothing to change"
});
function readEnv(name) {
  const g = globalThis;
  try {
    const value = g.process?.env?.[name] ?? g.Deno?.env?.get?.(name);
    return value === "" ? void 0 : value;
  } catch {
    return void 0;
  }
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function runtimeName() {
  const g = globalThis;
  if (g.Bun?.version) return `bun/${g.Bun.version}`;
  if (g.Deno?.version?.deno) return `deno/${g.Deno.version.deno}`;
  if (g.process?.versions?.node) return `node/${g.process.versions.node}`;
  return "unknown-runtime";
}
function checkNumber(name, value, min, max, integer = false) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max || integer && !Number.isInteger(value)) {
    throw new ConfigurationError(
      `${name} must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}; got ${String(value)}.`
    );
  }
  return value;
}
z.record(z.string(), z.array(z.string()));
z.object({
  /** What went wrong, in the service's words. */
  detail: z.string()
});
z.object({
  /** A stable code, such as `slot_blocked`: test for this, not for the wording. */
  code: z.string(),
  /** What went wrong, in the service's words. */
  detail: z.string()
});
var NON_FIELD_ERRORS = "non_field_errors";
function issuesToFields(issues, prefix) {
  const fields = {};
  const add = (key, message) => {
    const full = prefix ? key === NON_FIELD_ERRORS ? prefix : `${prefix}.${key}` : key;
    const list = Object.hasOwn(fields, full) ? fields[full] : [];
    if (!list.includes(message)) list.push(message);
    Object.defineProperty(fields, full, {
      value: list,
      enumerable: true,
      writable: true,
      configurable: true
    });
  };
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        add(path ? `${path}.${key}` : key, "is not a field this operation accepts");
      }
      continue;
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0 && issue.message === "Invalid input") {
      const inner = issuesToFields(issue.errors[0] ?? [], path || void 0);
      for (const [k, v] of Object.entries(inner)) for (const m of v) add(k, m);
      continue;
    }
    add(path || NON_FIELD_ERRORS, issue.message);
  }
  return fields;
}

// dist/chunk-Q4D5ALIS.js
import * as z2 from "zod";
var Patient = z2.object({
  id: z2.number().int(),
  name: z2.string(),
  phone: z2.string().nullable(),
  active: z2.boolean(),
  created_at: ResponseDateTime,
  updated_at: ResponseDateTime
});
var PatientCreateParams = z2.strictObject({
  name: PatientName,
  phone: Phone.optional(),
  email: Email.optional(),
  cpf: Cpf.optional(),
  birth_date: BirthDate.optional(),
  gender: Gender.optional()
});
var PatientUpdateParams = z2.strictObject({
  name: PatientName.optional(),
  phone: Phone.nullable().optional(),
  email: Email.nullable().optional(),
  cpf: Cpf.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  gender: Gender.optional()
}).refine((body) => Object.values(body).some((v) => v !== void 0), {
  error: "send at least one of name, phone, email, cpf, birth_date, gender; nothing to change"
});
var PatientListParams = z2.object({
  cpf: z2.string().optional(),
  phone: z2.string().optional(),
  name: z2.string().optional()
}).catchall(ListQuery.valueType);
var SCOPES = [
  "appointments:read",
  "appointments:write",
  "patients:read",
  "patients:write"
];
var op = (method, path, scope, scopeStated, id) => ({ method, path, scope, scopeStated, ...id ? { id } : {} });
var OPERATIONS = {
  listAppointments: op("GET", "/appointments", "appointments:read", false),
  retrieveAppointment: op("GET", "/appointments/{id}", "appointments:read", false, "uuid"),
  createAppointment: op("POST", "/appointments", "appointments:write", true),
  updateAppointment: op("PATCH", "/appointments/{id}", "appointments:write", false, "uuid"),
  cancelAppointment: op("POST", "/appointments/{id}/cancel", "appointments:write", false, "uuid"),
  listPatients: op("GET", "/patients", "patients:read", false),
  retrievePatient: op("GET", "/patients/{id}", "patients:read", false, "digits"),
  createPatient: op("POST", "/patients", "patients:write", false),
  updatePatient: op("PATCH", "/patients/{id}", "patients:write", true, "digits"),
  listProfessionals: op("GET", "/professionals", "appointments:read", true),
  retrieveProfessional: op("GET", "/professionals/{id}", "appointments:read", true, "digits"),
  listRooms: op("GET", "/rooms", "appointments:read", true),
  retrieveRoom: op("GET", "/rooms/{id}", "appointments:read", true, "digits"),
  listAppointmentTypes: op("GET", "/appointment-types", "appointments:read", true),
  retrieveAppointmentType: op(
    "GET",
    "/appointment-types/{id}",
    "appointments:read",
    true,
    "digits"
  )
};
function findOperation(method, path) {
  const upper = method.toUpperCase();
  const segments = path.split("?")[0].split("/");
  for (const spec of Object.values(OPERATIONS)) {
    if (spec.method !== upper) continue;
    const pattern = spec.path.split("/").slice(1);
    const tail = segments.slice(-pattern.length);
    if (segments.length <= pattern.length) continue;
    if (pattern.every((s, i) => s === "{id}" ? tail[i] !== "" : s === tail[i])) return spec;
  }
  return void 0;
}

// dist/index.js
import ky, { isHTTPError, isTimeoutError, isNetworkError } from "ky";

// ../../main/node_modules/uuid/dist/stringify.js
var byteToHex = [];
for (let i = 0; i < 256; ++i) {
  byteToHex.push((i + 256).toString(16).slice(1));
}
function unsafeStringify(arr, offset = 0) {
  return (byteToHex[arr[offset + 0]] + byteToHex[arr[offset + 1]] + byteToHex[arr[offset + 2]] + byteToHex[arr[offset + 3]] + "-" + byteToHex[arr[offset + 4]] + byteToHex[arr[offset + 5]] + "-" + byteToHex[arr[offset + 6]] + byteToHex[arr[offset + 7]] + "-" + byteToHex[arr[offset + 8]] + byteToHex[arr[offset + 9]] + "-" + byteToHex[arr[offset + 10]] + byteToHex[arr[offset + 11]] + byteToHex[arr[offset + 12]] + byteToHex[arr[offset + 13]] + byteToHex[arr[offset + 14]] + byteToHex[arr[offset + 15]]).toLowerCase();
}

// ../../main/node_modules/uuid/dist/rng.js
var rnds8 = new Uint8Array(16);
function rng() {
  return crypto.getRandomValues(rnds8);
}

// ../../main/node_modules/uuid/dist/v4.js
function v4(options, buf, offset) {
  if (!buf && !options && crypto.randomUUID) {
    return crypto.randomUUID();
  }
  return _v4(options, buf, offset);
}
function _v4(options, buf, offset) {
  options = options || {};
  const rnds = options.random ?? options.rng?.() ?? rng();
  if (rnds.length < 16) {
    throw new Error("Random bytes length must be >= 16");
  }
  rnds[6] = rnds[6] & 15 | 64;
  rnds[8] = rnds[8] & 63 | 128;
  if (buf) {
    offset = offset || 0;
    if (offset < 0 || offset + 16 > buf.length) {
      throw new RangeError(`UUID byte range ${offset}:${offset + 15} is out of buffer bounds`);
    }
    for (let i = 0; i < 16; ++i) {
      buf[offset + i] = rnds[i];
    }
    return buf;
  }
  return unsafeStringify(rnds);
}
var v4_default = v4;

// dist/index.js
var APIError = class extends ClinicError {
  /** `'APIError'`: the class name, which survives minification. */
  name = "APIError";
  /** HTTP status. */
  status;
  /** Response headers. */
  headers;
  /** The parsed response body (or its text when it was not JSON; `undefined` when empty). */
  body;
  /** `detail` of the body, when it has one. */
  detail;
  /** `code` of the body (409, 422), when it has one. */
  code;
  /** The `x-request-id` (or `request-id`) response header, when the service sent one. */
  requestId;
  /** HTTP method of the request. */
  method;
  /** URL path of the request (no query string). */
  path;
  constructor(init, message) {
    const detail = stringMember(init.body, "detail");
    const code = stringMember(init.body, "code");
    super(message ?? defaultMessage(init, code, detail));
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.detail = detail;
    this.code = code;
    this.requestId = requestIdFrom(init.headers);
    this.method = init.method;
    this.path = init.path;
    withIdempotencyKey(this, init.idempotencyKey);
  }
};
var BadRequestError = class extends APIError {
  /** `'BadRequestError'`: the class name, which survives minification. */
  name = "BadRequestError";
  /** Field name → messages, as the service sent them (strings are wrapped in an array). */
  fields;
  constructor(init) {
    const fields = toFieldErrors(init.body);
    const summary = formatFields(fields);
    super(init, summary ? `400 Bad request: ${summary} (${init.method} ${init.path})` : void 0);
    this.fields = fields;
  }
};
var AuthenticationError = class extends APIError {
  /** `'AuthenticationError'`: the class name, which survives minification. */
  name = "AuthenticationError";
};
function requiredScopeFor(method, path) {
  const operation = findOperation(method, path);
  return operation?.scopeStated ? operation.scope : void 0;
}
var PermissionDeniedError = class extends APIError {
  /** `'PermissionDeniedError'`: the class name, which survives minification. */
  name = "PermissionDeniedError";
  /** The scope the spec says this endpoint needs, when it says (else `undefined`). */
  requiredScope;
  constructor(init) {
    const requiredScope = requiredScopeFor(init.method, init.path);
    const detail = stringMember(init.body, "detail");
    super(
      init,
      requiredScope ? `403 Permission denied${detail ? ` (${detail})` : ""}: this endpoint requires scope ${requiredScope} (spec 5); the key may lack it \u2014 create a key with the Full access preset (${init.method} ${init.path})` : void 0
    );
    this.requiredScope = requiredScope;
  }
};
var NotFoundError = class extends APIError {
  /** `'NotFoundError'`: the class name, which survives minification. */
  name = "NotFoundError";
};
var ConflictError = class extends APIError {
  /** `'ConflictError'`: the class name, which survives minification. */
  name = "ConflictError";
};
var SlotBlockedError = class extends ConflictError {
  /** `'SlotBlockedError'`: the class name, which survives minification. */
  name = "SlotBlockedError";
};
var RoomRequiredError = class extends ConflictError {
  /** `'RoomRequiredError'`: the class name, which survives minification. */
  name = "RoomRequiredError";
};
var PatientCpfExistsError = class extends ConflictError {
  /** `'PatientCpfExistsError'`: the class name, which survives minification. */
  name = "PatientCpfExistsError";
};
var UnprocessableEntityError = class extends APIError {
  /** `'UnprocessableEntityError'`: the class name, which survives minification. */
  name = "UnprocessableEntityError";
};
var IdempotencyKeyReuseError = class extends UnprocessableEntityError {
  /** `'IdempotencyKeyReuseError'`: the class name, which survives minification. */
  name = "IdempotencyKeyReuseError";
  /** The key that was refused. */
  idempotencyKey;
  constructor(init) {
    super(
      init,
      `422 Idempotency-Key reused with another body or on another endpoint${stringMember(init.body, "detail") ? ` (${stringMember(init.body, "detail")})` : ""}; use a new key for a new request (${init.method} ${init.path})`
    );
    this.idempotencyKey = init.idempotencyKey;
  }
};
var RateLimitError = class extends APIError {
  /** `'RateLimitError'`: the class name, which survives minification. */
  name = "RateLimitError";
  /** How long the service asked to wait, from `Retry-After` (seconds or HTTP date). */
  retryAfterMs;
  constructor(init) {
    super(init);
    this.retryAfterMs = parseRetryAfter(init.headers);
  }
};
var InternalServerError = class extends APIError {
  /** `'InternalServerError'`: the class name, which survives minification. */
  name = "InternalServerError";
  /** How long the service asked to wait, from `Retry-After` (a 503's, typically), when sent. */
  retryAfterMs;
  constructor(init) {
    super(init);
    this.retryAfterMs = parseRetryAfter(init.headers);
  }
};
var CONFLICTS = {
  slot_blocked: SlotBlockedError,
  room_required: RoomRequiredError,
  patient_cpf_exists: PatientCpfExistsError
};
function makeAPIError(init) {
  const { status } = init;
  switch (status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionDeniedError(init);
    case 404:
      return new NotFoundError(init);
    case 409: {
      const code = stringMember(init.body, "code");
      const Conflict = code && Object.hasOwn(CONFLICTS, code) && CONFLICTS[code] || ConflictError;
      return new Conflict(init);
    }
    case 422:
      return init.idempotencyKey !== void 0 ? new IdempotencyKeyReuseError({ ...init, idempotencyKey: init.idempotencyKey }) : new UnprocessableEntityError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return status >= 500 ? new InternalServerError(init) : new APIError(init);
  }
}
function parseRetryAfter(headers, now = Date.now()) {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) {
    return Number(ms);
  }
  const value = headers.get("retry-after") ?? "";
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1e3;
  if (!/[a-z]/i.test(value)) return void 0;
  const date2 = Date.parse(value);
  if (Number.isNaN(date2)) return void 0;
  return Math.max(0, date2 - now);
}
function requestIdFrom(headers) {
  return headers.get("x-request-id") ?? headers.get("request-id") ?? void 0;
}
function stringMember(body, key) {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const value = body[key];
    if (typeof value === "string") return value;
  }
  return void 0;
}
function toFieldErrors(body) {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const entries = [];
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      entries.push([key, value.map((v) => typeof v === "string" ? v : JSON.stringify(v))]);
    } else if (typeof value === "string") entries.push([key, [value]]);
    else if (value && typeof value === "object") entries.push([key, [JSON.stringify(value)]]);
  }
  return Object.fromEntries(entries);
}
function defaultMessage(init, code, detail) {
  const parts = [String(init.status)];
  if (code) parts.push(code);
  const text = detail ?? (typeof init.body === "string" && init.body.length <= 200 ? init.body : "");
  return `${parts.join(" ")}${text ? `: ${text}` : ""} (${init.method} ${init.path})`;
}
brandErrors({
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  SlotBlockedError,
  RoomRequiredError,
  PatientCpfExistsError,
  UnprocessableEntityError,
  IdempotencyKeyReuseError,
  RateLimitError,
  InternalServerError
});
var APIPromise = class extends Promise {
  #inner;
  #data;
  /** @internal */
  constructor(inner) {
    super((resolve) => resolve(void 0));
    this.#inner = inner;
  }
  /** `then`, `catch` and `finally` return plain promises, not APIPromises. */
  static get [Symbol.species]() {
    return Promise;
  }
  /**
   * Resolves to the result together with the raw response, the request id and the idempotency
   * details. Rejects as awaiting the promise would.
   */
  withResponse() {
    return this.#inner.then((r) => ({ ...r, requestId: requestIdFrom(r.response.headers) }));
  }
  /**
   * Resolves to the raw `Response` of the call, once it succeeded and its body was checked
   * (the body is already read: use {@link APIPromise.withResponse} for the parsed result).
   */
  asResponse() {
    return this.#inner.then((r) => r.response);
  }
  #result() {
    this.#data ??= this.#inner.then((r) => r.data);
    return this.#data;
  }
  // The three signatures below are those of Promise<T> in TypeScript's lib, `reason: any`
  // included, so that code written for a Promise (`.catch((e: Error) => ...)`) compiles.
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise by design.
  then(onfulfilled, onrejected) {
    return this.#result().then(onfulfilled, onrejected);
  }
  catch(onrejected) {
    return this.#result().catch(onrejected);
  }
  finally(onfinally) {
    return this.#result().finally(onfinally);
  }
};
var RANK = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
function isLogLevel(value) {
  return typeof value === "string" && Object.hasOwn(RANK, value);
}
var noop = () => {
};
function levelLogger(logger, level) {
  const rank = RANK[level];
  const pick = (name, needed) => rank >= needed ? logger[name].bind(logger) : noop;
  return {
    error: pick("error", RANK.error),
    warn: pick("warn", RANK.warn),
    info: pick("info", RANK.info),
    debug: pick("debug", RANK.debug)
  };
}
var SECRET_HEADERS = /* @__PURE__ */ new Set(["authorization", "cookie", "set-cookie", "proxy-authorization"]);
function redactHeaders(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? "***" : value;
  }
  return out;
}
function logLine(error) {
  const code = error.code !== void 0 && IDENTIFIER.test(error.code) ? ` ${error.code}` : "";
  const id = error.requestId !== void 0 && IDENTIFIER.test(error.requestId) ? `, request id ${error.requestId}` : "";
  return `${error.status}${code} (${error.method} ${error.path}${id})`;
}
var IDENTIFIER = /^[\w.:/+=-]{1,128}$/;
var TO_ARRAY_MAX_LIMIT = 1e4;
var Page = class _Page {
  /** The items of this page. */
  results;
  /** URL of the next page, or `null` on the last page. */
  next;
  /** URL of the previous page, or `null` on the first page. */
  previous;
  /** The raw response of this page. */
  response;
  #source;
  /** The URL this page was requested with. */
  #url;
  /** The method and path of this page's request, for errors. */
  #request;
  /** @internal */
  constructor(source, raw) {
    this.#source = source;
    this.response = raw.response;
    this.#url = raw.url;
    this.#request = { method: raw.method, path: raw.path };
    const { results, next, previous } = readPage(source.item, raw);
    this.results = results;
    this.next = next;
    this.previous = previous;
  }
  /** Whether there is a next page. */
  hasNextPage() {
    return this.next !== null;
  }
  /** Whether there is a previous page. */
  hasPreviousPage() {
    return this.previous !== null;
  }
  /**
   * Fetches the next page. A relative `next` is resolved against this page's URL.
   *
   * @throws {@link ClinicError} when there is no next page (check {@link Page.hasNextPage}),
   *   when `next` points at another host or path (the key is never sent there), or when it is
   *   this page's own URL (following it would loop forever).
   */
  getNextPage() {
    if (this.next === null) {
      return Promise.reject(new ClinicError("This is the last page; check hasNextPage() first."));
    }
    return this.#follow(this.next, "next");
  }
  /**
   * Fetches the previous page.
   *
   * @throws {@link ClinicError} when there is no previous page or it points elsewhere.
   */
  getPreviousPage() {
    if (this.previous === null) {
      return Promise.reject(
        new ClinicError("This is the first page; check hasPreviousPage() first.")
      );
    }
    return this.#follow(this.previous, "previous");
  }
  /**
   * @internal The next page of a walk whose pages so far had the URLs in `visited` (this one's
   * included); adds the next page's URL.
   *
   * @throws {@link ClinicError} when `next` returns to a page of the walk.
   */
  _nextInWalk(visited) {
    visited.add(this.#url);
    return this.#follow(this.next ?? "", "next", visited);
  }
  async #follow(url, which, visited) {
    const base = this.response.url || this.#url;
    const target = this.#source.checkPageUrl(url, base, which, this.#request);
    if (which === "next" && (target === this.#url || target === this.response.url)) {
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} is the URL of that page itself: following it would fetch the same page forever, so it is refused. The service sent a next link that does not advance.`
      );
    }
    if (visited?.has(target)) {
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} returns to a page already visited in this walk: following it would walk the same pages forever, so the walk ends here. The service sent next links that loop.`
      );
    }
    visited?.add(target);
    return new _Page(this.#source, await this.#source.fetch(target, void 0));
  }
  /** Iterates the items of this page and of every following one. */
  [Symbol.asyncIterator]() {
    return walkItems(this, this.#source.options?.signal);
  }
};
async function* walkItems(page, signal) {
  const visited = /* @__PURE__ */ new Set();
  while (page) {
    for (const item of page.results) {
      if (signal?.aborted) throw new APIUserAbortError();
      yield item;
    }
    page = page.hasNextPage() ? await page._nextInWalk(visited) : void 0;
  }
}
var Paginator = class {
  #source;
  #path;
  #query;
  #first;
  /** @internal */
  constructor(source, path, query) {
    this.#source = source;
    this.#path = path;
    this.#query = query;
  }
  #fetchFirst() {
    return this.#source.fetch(this.#path, this.#query).then((raw) => new Page(this.#source, raw));
  }
  /** The first page, fetched once and shared by every `await`. */
  // biome-ignore lint/suspicious/noThenProperty: awaiting a Paginator gives its first page, by design.
  then(onfulfilled, onrejected) {
    this.#first ??= this.#fetchFirst();
    return this.#first.then(onfulfilled, onrejected);
  }
  /** Handles a failure of the first page. */
  catch(onrejected) {
    return this.then(void 0, onrejected);
  }
  /**
   * Every page, in order, one at a time. Once the walk is past the first page, the paginator
   * lets go of it (a later `await` of the paginator fetches it again), so a long walk holds one
   * page at a time.
   */
  async *pages() {
    let page = await (this.#first ?? this.#fetchFirst());
    const visited = /* @__PURE__ */ new Set();
    while (page) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page._nextInWalk(visited);
      this.#first = void 0;
    }
  }
  /** Every item of every page, in order. */
  async *[Symbol.asyncIterator]() {
    const signal = this.#source.options?.signal;
    for await (const page of this.pages()) {
      for (const item of page.results) {
        if (signal?.aborted) throw new APIUserAbortError();
        yield item;
      }
    }
  }
  /**
   * Collects items into an array, fetching pages until `limit` items are held or the list
   * ends.
   *
   * @param options.limit - required, at most 10 000: an unbounded list could exhaust memory;
   *   iterate with `for await` to walk a larger one.
   * @throws {@link ClinicError} when `limit` is missing, not a positive integer or over 10 000.
   */
  async toArray(options) {
    const limit = options?.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > TO_ARRAY_MAX_LIMIT) {
      throw new ClinicError(
        `toArray({ limit }) needs a whole number from 1 to ${TO_ARRAY_MAX_LIMIT}; got ${String(limit)}. To walk a longer list, iterate it with \`for await\` instead.`
      );
    }
    const items = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
};
function readPage(item, raw) {
  const { body } = raw;
  let results;
  let next = null;
  let previous = null;
  if (Array.isArray(body)) {
    results = body;
  } else if (isRecord(body) && Array.isArray(body.results)) {
    results = body.results;
    next = body.next ?? null;
    previous = body.previous ?? null;
  } else {
    throw new ResponseValidationError(
      ["(root): expected an array or an object with results"],
      raw.method,
      raw.path
    );
  }
  if (next !== null && typeof next !== "string" || previous !== null && typeof previous !== "string") {
    throw new ResponseValidationError(
      [typeof next !== "string" && next !== null ? "next" : "previous"],
      raw.method,
      raw.path
    );
  }
  const list = results;
  if (!item)
    return {
      results: list,
      next,
      previous
    };
  const parsed = new Array(list.length);
  const failed = [];
  const prefix = Array.isArray(body) ? "" : "results.";
  for (let i = 0; i < list.length; i++) {
    const r = item.safeParse(list[i]);
    if (r.success) parsed[i] = r.data;
    else
      for (const issue of r.error.issues) failed.push(`${prefix}${[i, ...issue.path].join(".")}`);
  }
  if (failed.length > 0) throw new ResponseValidationError(failed, raw.method, raw.path);
  return { results: parsed, next, previous };
}
function checkPageUrl(url, base, which, page, apiRoot) {
  let target;
  try {
    target = new URL(url, base);
  } catch {
    throw new ResponseValidationError([which], page.method, page.path);
  }
  if (target.origin !== apiRoot.origin || !target.pathname.startsWith(`${apiRoot.pathname}/`)) {
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ${target.origin}${target.pathname}, outside ${apiRoot.href}; the API key is never sent to another host or path. If the service moved, update baseUrl.`
    );
  }
  const list = (path) => path.replace(/\/+$/, "");
  if (list(target.pathname) !== list(page.path)) {
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ${target.pathname}, another list; a page link stays on its own list.`
    );
  }
  return target.href;
}
var MAX_RETRY_AFTER_MS = 6e4;
var INITIAL_RETRY_DELAY_MS = 500;
var MAX_RETRY_DELAY_MS = 8e3;
function backoffDelay(retry, random = Math.random) {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  return base * (1 - 0.25 * random());
}
function isRetryableStatus(policy, status) {
  if (status === 429) return true;
  if (policy === "rate-limit-only") return false;
  return status === 408 || status >= 500;
}
function policyRetry(policy) {
  return {
    methods: ["get", "post", "patch"],
    statusCodes: Array.from({ length: 200 }, (_, i) => 400 + i).filter(
      (status) => isRetryableStatus(policy, status)
    ),
    afterStatusCodes: [],
    // Whether a timeout is retried is shouldRetry's answer (ky asks it first): true lets its
    // `undefined` mean yes under `safe`.
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (isHTTPError(error)) return beyondCap(error) ? false : void 0;
      if (finalErrors.has(error)) return false;
      if (policy === "rate-limit-only") return false;
      return isTypeError(error) || error instanceof APIConnectionError ? true : void 0;
    }
  };
}
function callRetry(limit, state) {
  return {
    limit,
    delay: (attempt) => {
      state.delay = state.serverWait ?? backoffDelay(attempt - 1);
      return state.delay;
    }
  };
}
function beyondCap(error) {
  const wait = parseRetryAfter(error.response.headers);
  return wait !== void 0 && wait > MAX_RETRY_AFTER_MS;
}
var finalErrors = /* @__PURE__ */ new WeakSet();
function finalError(error) {
  finalErrors.add(error);
  return error;
}
function isTypeError(error) {
  return error instanceof TypeError || Object.prototype.toString.call(error) === "[object Error]" && error.name === "TypeError";
}
var texts = /* @__PURE__ */ new WeakMap();
function bodyText(response) {
  return texts.get(response) ?? "";
}
function attemptFetch(call, send, debug) {
  return async (input) => {
    const { signal } = input;
    call.attempts++;
    call.serverWait = void 0;
    const path = call.url.pathname;
    const started = Date.now();
    debug?.debug(`clinic-scheduling: ${call.method} ${path} attempt ${call.attempts}`, {
      headers: redactHeaders(call.headers)
    });
    const relay = new AbortController();
    if (signal.aborted) relay.abort(signal.reason);
    else signal.addEventListener("abort", () => queueMicrotask(() => relay.abort(signal.reason)));
    const caller = call.signal;
    const callerAbort = () => queueMicrotask(() => relay.abort(caller?.reason));
    caller?.addEventListener("abort", callerAbort);
    let text;
    let response;
    try {
      response = await send()(call.url.href, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: relay.signal,
        redirect: "manual"
      });
      if (isRedirect(response)) {
        response.body?.cancel().catch(() => {
        });
        throw redirectError(call, response);
      }
      text = await readText(response, relay.signal, call.maxResponseBytes).catch(
        cutOff(call, response)
      );
    } finally {
      caller?.removeEventListener("abort", callerAbort);
    }
    texts.set(response, text ?? "");
    call.serverWait = parseRetryAfter(response.headers);
    debug?.debug(
      `clinic-scheduling: ${call.method} ${path} \u2192 ${response.status} in ${Date.now() - started} ms`
    );
    return response;
  };
}
function cutOff(call, response) {
  return (error) => {
    if (error instanceof OverCap) {
      throw finalError(
        new APIConnectionError(
          `${call.method} ${call.url.pathname} was answered ${response.status}, but its body is over maxResponseBytes (${call.maxResponseBytes} bytes), so the SDK stopped reading it: the request may have been processed. Raise maxResponseBytes (a client option), or ask for less (a smaller limit).`
        )
      );
    }
    if (!response.ok || !isTypeError(error)) throw error;
    throw new APIConnectionError(
      `${call.method} ${call.url.pathname} was answered ${response.status}, but the body was cut off before its end${failureReason(error)}: the request may have been processed. Read the record back before sending it again.`,
      { cause: error }
    );
  };
}
function failureReason(cause) {
  const reasons = [];
  if (cause instanceof Error && cause.message) reasons.push(pathsOnly(cause.message));
  const code = errorCode(cause);
  if (code !== void 0 && !reasons.some((r) => r.includes(code))) reasons.push(code);
  return reasons.length > 0 ? ` (${reasons.join(": ")})` : "";
}
function pathsOnly(text) {
  return text.replace(
    /\b([a-z][\w+.-]*:\/\/)(?:[^\s/?#@]*@)?([^\s?#]*)(?:[?#][^\s)'"]*)?/gi,
    "$1$2"
  );
}
function errorCode(error) {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const { code, cause } = current;
    if (typeof code === "string" && code !== "") return code;
    current = cause;
  }
  return void 0;
}
function isRedirect(response) {
  return response.type === "opaqueredirect" || REDIRECTS.has(response.status);
}
var REDIRECTS = /* @__PURE__ */ new Set([301, 302, 303, 307, 308]);
function redirectError(call, response) {
  let target = "an address the answer does not give";
  try {
    const location = response.headers.get("location");
    if (location !== null) target = new URL(location, call.url).origin;
  } catch {
  }
  const status = response.type === "opaqueredirect" ? "a redirect" : String(response.status);
  return new ClinicError(
    `${call.method} ${call.url.pathname} was answered ${status}, redirecting to ${target}. The SDK does not follow redirects, so no request body and no API key leave for another address. If the service moved, update baseUrl.`
  );
}
async function readText(response, signal, cap) {
  if (signal.aborted) {
    response.body?.cancel().catch(() => {
    });
    throw signal.reason;
  }
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  const reader = response.body?.getReader();
  if (reader === void 0) return "";
  signal.addEventListener("abort", () => reader.cancel(signal.reason).catch(() => {
  }));
  const chunks = [];
  let size = 0;
  for (; ; ) {
    if (declared > cap || size > cap) {
      reader.cancel().catch(() => {
      });
      if (response.ok) throw new OverCap();
      return void 0;
    }
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
var OverCap = class extends Error {
};
function lowerCaseNames(headers, where) {
  if (headers !== void 0 && !isRecord(headers)) {
    throw new ConfigurationError(`${where} must be an object of header names and values.`);
  }
  const out = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
var MANAGED = /* @__PURE__ */ new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "keep-alive",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade"
]);
function checkHeaders(headers, where) {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      throw new ConfigurationError(
        `${where}: ${JSON.stringify(name.slice(0, 60))} is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only).`
      );
    }
    if (MANAGED.has(name)) {
      throw new ConfigurationError(
        `${where}: ${name} cannot be set: fetch manages it (${[...MANAGED].join(", ")}). Remove it.`
      );
    }
    if (value === void 0) continue;
    if (typeof value !== "string") {
      throw new ConfigurationError(`${where}: the value of header ${name} must be a string.`);
    }
    if (!HEADER_VALUE.test(value)) {
      throw new ConfigurationError(
        `${where}: the value of header ${name} cannot be sent: it holds a line break, a control character or a character beyond Latin-1 (the value is not repeated here).`
      );
    }
  }
}
function mergeHeaders(...maps) {
  const merged = Object.assign({}, ...maps);
  const out = {};
  for (const [name, value] of Object.entries(merged)) {
    if (value !== void 0) out[name] = value;
  }
  return out;
}
function parseBody(text) {
  if (text === "") return void 0;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
function parseErrorBody(text, maxDepth) {
  return nestsDeeper(text, maxDepth) ? text : parseBody(text);
}
function nestsDeeper(text, max) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of text) {
    if (escaped) escaped = false;
    else if (inString) {
      if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      if (++depth > max) return true;
    } else if (c === "]" || c === "}") depth--;
  }
  return false;
}
var REDACTED = "[redacted]";
var MAX_SEARCH_DEPTH = 4;
var MAX_COPY_DEPTH = 3;
var Redactor = class {
  /** Every form of the key and of its secret, found at once. */
  #secrets;
  /** @param apiKey A key checked by `checkApiKey`: its secret is not empty. */
  constructor(apiKey) {
    this.#secrets = secretPattern(apiKey);
  }
  /**
   * A copy of `text` without the key: the whole key and its secret, as is, URL-encoded (either
   * case of hex) and JSON-escaped (`\/`).
   */
  text(text) {
    return text.replace(this.#secrets, REDACTED);
  }
  /**
   * A copy of response headers in which any value that holds the key or its secret (in any of
   * the forms {@link Redactor.text} finds) is `[redacted]` as a whole: a proxy that echoes the
   * request's `Authorization` must not put the key into `APIError.headers` or `requestId`.
   * The headers themselves when none does.
   */
  headers(headers) {
    let copy;
    for (const [name, value] of headers) {
      if (this.text(value) === value) continue;
      copy ??= new Headers(headers);
      copy.set(name, REDACTED);
    }
    return copy ?? headers;
  }
  /**
   * `error` without the key: the message and stack of a {@link ClinicError} redacted in place,
   * and its `cause` kept when nothing in it holds the key, else replaced by a copy of it (name,
   * message, stack and `code`, redacted, and a copied `cause`). A custom `fetch` may put the
   * request, its `Authorization` header included, into what it throws.
   *
   * A `cause` is searched through its `name`, `message`, `stack`, `code` and `cause` (own or
   * inherited: a `DOMException`'s are getters of its prototype) and its own members, their
   * names included, to {@link MAX_SEARCH_DEPTH} levels. What cannot be searched that way is not
   * trusted: an object deeper than that; a function; an object that is neither plain, an array
   * nor one of the standard errors (a `Request`, a `Headers`, a `Map`, an instance of another
   * class: `util.inspect` or their own `toJSON` may show what they hold); a member whose getter
   * throws.
   */
  error(error) {
    error.stack &&= this.text(error.stack);
    error.message = this.text(error.message);
    if (this.#holdsKey(error.cause, 0)) error.cause = this.#copy(error.cause, 0);
    return error;
  }
  /** Whether `value` holds the key, or may hold it where it is not searched. */
  #holdsKey(value, depth) {
    if (typeof value === "string") return this.text(value) !== value;
    if (typeof value === "symbol") return this.#holdsKey(value.description, depth);
    if (typeof value === "function") return true;
    if (typeof value !== "object" || value === null) return false;
    if (depth > MAX_SEARCH_DEPTH || !SEARCHABLE.has(Object.getPrototypeOf(value))) return true;
    try {
      return [...ERROR_MEMBERS, ...Reflect.ownKeys(value)].some(
        (key) => this.#holdsKey(key, depth) || this.#holdsKey(Reflect.get(value, key), depth + 1)
      );
    } catch {
      return true;
    }
  }
  /**
   * A copy of a thrown value that holds the key: an `Error` with its name, message, stack and
   * `code`, redacted, and a copy of its `cause`. A member whose getter throws is left out.
   */
  #copy(value, depth) {
    if (typeof value === "string") return this.text(value);
    if (value === null || ["undefined", "number", "bigint", "boolean"].includes(typeof value)) {
      return value;
    }
    const [name, message, stack, code, cause] = ERROR_MEMBERS.map((key) => read(value, key));
    const copy = new Error(typeof message === "string" ? this.text(message) : "");
    if (typeof name === "string") copy.name = this.text(name);
    copy.stack = typeof stack === "string" ? this.text(stack) : void 0;
    if (typeof code === "string") Object.assign(copy, { code: this.text(code) });
    if (cause !== void 0 && depth < MAX_COPY_DEPTH) copy.cause = this.#copy(cause, depth + 1);
    return copy;
  }
  /**
   * Redacts a parsed body: each string, and each member name. The strings are the parsed ones,
   * so an escape that hid the key from {@link Redactor.text} in the raw text (`\u002f`) is
   * undone here and the key found. Numbers, `true`, `false` and `null` are kept as parsed.
   */
  body(body) {
    if (typeof body === "string") return this.text(body);
    if (Array.isArray(body)) return body.map((item) => this.body(item));
    if (typeof body !== "object" || body === null) return body;
    return Object.fromEntries(
      Object.entries(body).map(([name, value]) => [this.text(name), this.body(value)])
    );
  }
};
var ERROR_MEMBERS = ["name", "message", "stack", "code", "cause"];
var SEARCHABLE = /* @__PURE__ */ new Set([
  null,
  Object.prototype,
  Array.prototype,
  Error.prototype,
  TypeError.prototype,
  RangeError.prototype,
  SyntaxError.prototype,
  ReferenceError.prototype,
  EvalError.prototype,
  URIError.prototype,
  globalThis.AggregateError?.prototype,
  globalThis.DOMException?.prototype
]);
function read(value, key) {
  let member;
  try {
    member = Reflect.get(value, key);
  } catch {
  }
  return member;
}
function secretPattern(apiKey) {
  const secret = apiKey.slice(apiKey.indexOf(".") + 1);
  const forms = /* @__PURE__ */ new Set();
  for (const value of [apiKey, secret]) {
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(value.replaceAll("/", "\\/"));
    forms.add([...value].map((c) => c.charCodeAt(0).toString(16)).join(""));
    for (const encoded of base64Cores(value)) forms.add(encoded);
  }
  return new RegExp(
    [...forms].map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")).join("|"),
    "gi"
  );
}
function base64Cores(value) {
  return [0, 1, 2].map((offset) => {
    const encoded = btoa("\0".repeat(offset) + value);
    const start = offset === 0 ? 0 : 4;
    const end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 4;
    return encoded.slice(start, end);
  }).filter((core) => core.length >= 8);
}
var KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();
var MAX_TIMEOUT_MS = 2147483647;
var MAX_RETRIES_LIMIT = 10;
var DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
var MAX_RESPONSE_BYTES = 256 * 1024 * 1024;
var MAX_ERROR_BODY_DEPTH = 64;
var Transport = class {
  #apiKey;
  config;
  apiRoot;
  /** The client's `headers`, names lower-cased and values checked, once. */
  #headers;
  #redact;
  /** One ky instance per retry policy. */
  #engines;
  /**
   * @throws {@link ConfigurationError} when a header of `config.headers` cannot be sent (its
   *   name is not a token, or its value holds a line break, a control character or a character
   *   beyond Latin-1).
   */
  constructor(apiKey, config) {
    this.#apiKey = apiKey;
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
    const headers = lowerCaseNames(config.headers, "headers");
    delete headers.authorization;
    delete headers[KEY_HEADER];
    checkHeaders(headers, "headers");
    this.#headers = headers;
    this.#redact = new Redactor(apiKey);
    const log = config.logger;
    const engine = (policy) => ky.create({
      retry: policyRetry(policy),
      hooks: {
        // Runs once ky has waited and is about to send the attempt again.
        beforeRetry: [
          ({ options, error, retryCount }) => {
            const call = options.context.call;
            log.info(
              `clinic-scheduling: ${this.#redact.text(retryReason(error, call))} Retry ${retryCount} of ${call.maxRetries}, after ${Math.round(call.delay)} ms.`
            );
          }
        ]
      }
    });
    this.#engines = { safe: engine("safe"), "rate-limit-only": engine("rate-limit-only") };
  }
  /**
   * Builds the absolute URL for a path under the API root, or keeps an absolute URL.
   *
   * @throws {@link ConfigurationError} when the URL carries credentials (fetch refuses them),
   *   naming its path only.
   */
  url(path, query) {
    const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(this.apiRoot.href + path);
    if (url.username || url.password) {
      throw new ConfigurationError(
        `GET ${url.pathname}: the URL carries credentials (user name or password), which fetch refuses; the SDK never sends them. Report the link to the service.`
      );
    }
    if (query) {
      for (const [key, value] of Object.entries(query)) {
        if (value === void 0) continue;
        url.searchParams.set(key, value === null ? "" : String(value));
      }
    }
    return url;
  }
  /**
   * Sends `spec`, retrying per its policy; resolves with the 2xx answer or throws a typed error.
   *
   * Headers are merged by lower-cased name (defaults, then the client's `headers`, then the
   * call's), so a caller's `Accept` replaces the default rather than being joined to it.
   * `Authorization` is always the client's. On an idempotent call the key is
   * `options.idempotencyKey`, else an `Idempotency-Key` given in the call's `headers`, else a new
   * uuid v4, and it is sent once, never joined to another value.
   *
   * `timeout` bounds the whole attempt, the body read included.
   *
   * Once a request of an idempotent call was sent, every {@link ClinicError} it throws carries
   * the key as `idempotencyKey`.
   *
   * Only a network failure (ky's `NetworkError`, or a `TypeError` from the `fetch` in use: the
   * type `fetch` rejects with when the network fails) and the attempt's timeout are connection
   * errors, retried under the policy. Anything else a custom `fetch` throws is a bug or a local
   * mistake, not a network failure: it rejects as a plain {@link ClinicError} whose `cause` is
   * what was thrown, never retried (retrying a bug sends the same request again for nothing).
   * No failure's message, stack or `cause` holds the key ({@link Redactor.error}).
   *
   * @throws {@link ConfigurationError} when the call's `timeout` or `maxRetries` is out of range
   *   (the same ranges as the client's), a header of the call cannot be sent, or a call other
   *   than an idempotent one is given `idempotencyKey`, before anything is sent.
   */
  async request(spec) {
    const options = spec.options ?? {};
    if (!spec.idempotent && options.idempotencyKey !== void 0) {
      throw new ConfigurationError(
        `only appointments.create takes an Idempotency-Key; the spec gives none to other calls (${spec.method} ${spec.path.split("?")[0]}). Remove idempotencyKey from its options.`
      );
    }
    const maxRetries = options.maxRetries === void 0 ? this.config.maxRetries : checkNumber("maxRetries", options.maxRetries, 0, MAX_RETRIES_LIMIT, true);
    const timeout = options.timeout === void 0 ? this.config.timeout : checkNumber("timeout", options.timeout, 1, MAX_TIMEOUT_MS);
    const url = this.url(spec.path, spec.query);
    const callHeaders = lowerCaseNames(options.headers, "the call's headers");
    delete callHeaders.authorization;
    const callKey = callHeaders[KEY_HEADER];
    if (spec.idempotent) delete callHeaders[KEY_HEADER];
    checkHeaders(callHeaders, "the call's headers");
    const headers = mergeHeaders(
      { accept: "application/json", "user-agent": this.config.userAgent },
      this.#headers,
      callHeaders
    );
    let idempotencyKey;
    if (spec.idempotent) {
      idempotencyKey = options.idempotencyKey ?? callKey ?? v4_default();
      const checked = IdempotencyKey.safeParse(idempotencyKey);
      if (!checked.success) {
        throw new ValidationError(
          issuesToFields(checked.error.issues, IDEMPOTENCY_HEADER),
          IDEMPOTENCY_HEADER
        );
      }
      headers[KEY_HEADER] = idempotencyKey;
    }
    headers.authorization = `Bearer ${this.#apiKey}`;
    let body;
    if (spec.body !== void 0) {
      body = JSON.stringify(spec.body);
      headers["content-type"] = "application/json";
    }
    const signal = options.signal;
    if (signal !== void 0 && !(signal instanceof AbortSignal)) {
      throw new ConfigurationError(
        `signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); got ${signal === null ? "null" : typeof signal}. Nothing was sent.`
      );
    }
    if (signal?.aborted) throw new APIUserAbortError();
    const call = {
      method: spec.method,
      url,
      headers,
      body,
      attempts: 0,
      serverWait: void 0,
      delay: 0,
      maxRetries,
      maxResponseBytes: this.config.maxResponseBytes,
      signal
    };
    let response;
    try {
      response = await this.#engines[spec.retry](url, {
        method: spec.method,
        timeout,
        signal,
        retry: callRetry(maxRetries, call),
        context: { call },
        fetch: attemptFetch(
          call,
          () => this.config.fetch ?? globalThis.fetch,
          this.config.debug ? this.config.logger : void 0
        )
      });
    } catch (error) {
      const failure = this.#failure(error, call, timeout, signal);
      throw call.attempts > 0 ? withIdempotencyKey(failure, idempotencyKey) : failure;
    }
    return {
      response,
      body: parseBody(bodyText(response)),
      idempotencyKey,
      replayed: response.headers.get(REPLAYED_HEADER)?.toLowerCase() === "true",
      method: spec.method,
      path: url.pathname,
      url: url.href
    };
  }
  /**
   * The error a failed call rejects with. Logged at `debug` only: the caller receives it and
   * decides what to print, so at the default level (`warn`) a failed call prints nothing.
   */
  #failure(error, call, timeout, signal) {
    if (signal?.aborted) return new APIUserAbortError();
    const log = this.config.logger;
    const path = call.url.pathname;
    if (isHTTPError(error)) {
      const failure2 = this.#apiError(error, call);
      log.debug(`clinic-scheduling: ${logLine(failure2)}`);
      return failure2;
    }
    let failure;
    if (error instanceof ClinicError) {
      failure = error;
    } else if (isTimeoutError(error)) {
      failure = new APIConnectionTimeoutError(
        `${call.method} ${path} timed out after ${timeout} ms (per attempt; raise \`timeout\` if the service is slow).`
      );
    } else if (isNetworkError(error) || isTypeError(error)) {
      failure = connectionError(error, call.method, path);
    } else {
      failure = new ClinicError(
        `${call.method} ${path} failed: the fetch in use threw ${error instanceof Error ? `${/^[AEIOU]/i.test(error.name) ? "an" : "a"} ${error.name}` : "a non-error value"}, which is not a network failure, so it was not retried${failureReason(error)}.`,
        { cause: error }
      );
    }
    this.#redact.error(failure);
    log.debug(`clinic-scheduling: ${failure.message}`);
    return failure;
  }
  /** The {@link APIError} of a non-2xx answer, the key redacted from its body and headers. */
  #apiError({ response }, call) {
    return makeAPIError({
      status: response.status,
      headers: this.#redact.headers(response.headers),
      body: this.#redact.body(
        parseErrorBody(this.#redact.text(bodyText(response)), MAX_ERROR_BODY_DEPTH)
      ),
      method: call.method,
      path: call.url.pathname,
      idempotencyKey: call.headers[KEY_HEADER]
    });
  }
};
function retryReason(error, call) {
  const path = call.url.pathname;
  if (isHTTPError(error)) return `${call.method} ${path} \u2192 ${error.response.status}.`;
  if (isTimeoutError(error)) return `${call.method} ${path} timed out.`;
  if (error instanceof APIConnectionError) return error.message;
  return connectionError(error, call.method, path).message;
}
function connectionError(error, method, path) {
  const cause = isNetworkError(error) ? error.cause : error;
  return new APIConnectionError(
    `${method} ${path} failed: no response was received${failureReason(cause)}.`,
    // A DOMException named NetworkError passes for ky's NetworkError, with no cause.
    cause === void 0 ? void 0 : { cause }
  );
}
var KEY_FORMAT = "<key_prefix>_live_<key_id>.<secret>";
var KEY_PATTERN = /^[A-Za-z0-9][\w-]*_live_[\w-]+\.[\w\-+/=]+$/;
function isBrowser() {
  const g = globalThis;
  return typeof g.window !== "undefined" && typeof g.document !== "undefined";
}
function checkApiKey(key) {
  if (key === void 0 || key === null || key === "") {
    throw new ConfigurationError(
      `Missing API key: pass apiKey to ClinicClient or set the CLINIC_API_KEY environment variable. Keys look like ${KEY_FORMAT}.`
    );
  }
  if (typeof key !== "string") throw new ConfigurationError("apiKey must be a string.");
  if (/^\s*bearer\b/i.test(key)) {
    throw new ConfigurationError(
      'The API key starts with "Bearer ": pass the key alone; the client sends the Authorization header itself.'
    );
  }
  if (/\s/.test(key)) {
    throw new ConfigurationError(
      "The API key contains white space (a space or line break picked up when it was copied?): remove it."
    );
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ConfigurationError(
      `The API key is malformed: expected ${KEY_FORMAT}. Copy the whole key from the clinic's settings (menu: clinic, then API and webhooks).`
    );
  }
  return key;
}
function checkBaseUrl(value, apiKey) {
  if (value === void 0 || value === null || value === "") {
    throw new ConfigurationError(
      "Missing baseUrl: pass baseUrl (the service host root, such as https://clinic.example.com) or set the CLINIC_BASE_URL environment variable."
    );
  }
  if (typeof value !== "string") throw new ConfigurationError("baseUrl must be a string.");
  const lower = value.toLowerCase();
  const secret = apiKey.slice(apiKey.indexOf(".") + 1).toLowerCase();
  if (lower.includes("_live_") || secret !== "" && lower.includes(secret)) {
    throw new ConfigurationError(
      "baseUrl looks like an API key (were apiKey and baseUrl, or CLINIC_API_KEY and CLINIC_BASE_URL, swapped?); pass the service host root, such as https://clinic.example.com."
    );
  }
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(
      `baseUrl "${value}" is not an absolute URL; pass the service host root, such as https://clinic.example.com.`
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`baseUrl must be an http(s) URL; got ${url.protocol}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(
      "baseUrl must be the service host root, without credentials, query or fragment."
    );
  }
  let path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return `${url.origin}${path}`;
}
var APIResource = class {
  /** @internal */
  _client;
  /** @internal */
  constructor(client) {
    this._client = client;
  }
};
var AppointmentTypes = class extends APIResource {
  /**
   * Lists every appointment type (`GET /appointment-types`). The spec shows no query parameters; `query` is sent as
   * given.
   */
  list(query, options) {
    return this._client._list("/appointment-types", AppointmentType, query, options);
  }
  /**
   * Reads one appointment type (`GET /appointment-types/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such appointment type.
   */
  retrieve(id, options) {
    return this._client._request({
      method: "GET",
      path: "/appointment-types",
      id: [IntegerId, id],
      response: AppointmentType,
      retry: "safe",
      options
    });
  }
};
var Appointments = class extends APIResource {
  /**
   * Lists appointments (`GET /appointments`). The spec does not show any filter, so `query` is
   * sent as given (for instance a page-size parameter your service accepts).
   *
   * @example
   * ```ts
   * for await (const appointment of clinic.appointments.list()) console.log(appointment.start_at);
   * ```
   */
  list(query, options) {
    return this._client._list("/appointments", Appointment, query, options);
  }
  /**
   * Reads one appointment (`GET /appointments/{id}`).
   *
   * @param id - the appointment's uuid.
   * @throws {@link ValidationError} when `id` is not a uuid (nothing is sent).
   * @throws {@link NotFoundError} when the clinic has no such appointment.
   */
  retrieve(id, options) {
    return this._client._request({
      method: "GET",
      path: "/appointments",
      id: [AppointmentId, id],
      response: Appointment,
      retry: "safe",
      options
    });
  }
  /**
   * Books an in-person appointment (`POST /appointments`, scope `appointments:write`). It is
   * created with status `scheduled` and origin `api`.
   *
   * Every call carries an `Idempotency-Key` (a uuid v4 unless `options.idempotencyKey` is
   * given), reused on every retry: a retry after a lost response returns the appointment
   * already created (`replayed: true` in `withResponse()`) and never books twice.
   *
   * `start_at` is an ISO 8601 string (without a zone it is read as America/Sao_Paulo) or a
   * `Date`; seconds must be 00. Without `room_id`, the professional's default room is used.
   *
   * @example
   * ```ts
   * const { data, idempotencyKey, replayed } = await clinic.appointments
   *   .create({ patient_id: 7, professional_id: 3, appointment_type_id: 1, start_at: '2026-03-02T14:30:00-03:00' })
   *   .withResponse();
   * ```
   * @throws {@link ValidationError} before sending, when the body breaks a rule of the spec.
   * @throws {@link SlotBlockedError} 409 `slot_blocked`: the time is blocked in the agenda.
   * @throws {@link RoomRequiredError} 409 `room_required`: pass `room_id`.
   * @throws {@link IdempotencyKeyReuseError} 422: the key was used with another body.
   * @throws {@link PermissionDeniedError} 403 with `requiredScope: 'appointments:write'`.
   * @throws {@link ClinicError} of any kind once the request was sent (a connection error, a
   *   timeout, an abort, an answer): its `idempotencyKey` is the key sent; retry with
   *   `{ idempotencyKey: err.idempotencyKey }` to replay instead of booking twice.
   */
  create(body, options) {
    return this._client._request({
      method: "POST",
      path: "/appointments",
      input: [AppointmentCreateParams, body],
      response: Appointment,
      retry: "safe",
      idempotent: true,
      options
    });
  }
  /**
   * Changes an appointment (`PATCH /appointments/{id}`): only `start_at`, `professional_id`,
   * `room_id`, `note` and `status` (`scheduled` or `confirmed`) are accepted. Telehealth
   * appointments and patient requests cannot be changed through the API.
   *
   * The spec does not show the answer's body: when it is not the appointment, the client reads
   * `GET /appointments/{id}` and returns that.
   *
   * @example
   * ```ts
   * await clinic.appointments.update(id, { status: 'confirmed' });
   * ```
   * @throws {@link ValidationError} before sending, for a field or status it does not accept.
   * @throws {@link ReadBackError} when the change succeeded but reading the appointment back
   *   failed: do not repeat the change.
   */
  update(id, body, options) {
    return this._client._request({
      method: "PATCH",
      path: "/appointments",
      id: [AppointmentId, id],
      input: [AppointmentUpdateParams, body],
      response: Appointment,
      retry: "safe",
      refetch: true,
      options
    });
  }
  /**
   * Cancels an appointment (`POST /appointments/{id}/cancel`). Telehealth appointments and
   * patient requests cannot be cancelled through the API. Retried only on 429, since a cancel
   * whose response was lost cannot be told apart from one never received.
   *
   * The spec does not show the answer's body: when it is not the appointment, the client reads
   * `GET /appointments/{id}` and returns that.
   *
   * @throws {@link ReadBackError} when the cancel succeeded but reading the appointment back
   *   failed: do not cancel again.
   */
  cancel(id, options) {
    return this._client._request({
      method: "POST",
      path: "/appointments",
      id: [AppointmentId, id],
      suffix: "/cancel",
      response: Appointment,
      retry: "rate-limit-only",
      refetch: true,
      options
    });
  }
};
var Patients = class extends APIResource {
  /**
   * Lists patients (`GET /patients`), filtered by `cpf` (exact), `phone` (exact) or `name`
   * (partial). Other keys are sent as given.
   *
   * @example
   * ```ts
   * const silvas = await clinic.patients.list({ name: 'Silva' }).toArray({ limit: 500 });
   * ```
   */
  list(query, options) {
    return this._client._list("/patients", Patient, query, options, PatientListParams);
  }
  /**
   * Reads one patient (`GET /patients/{id}`).
   *
   * @throws {@link NotFoundError} when the clinic has no such patient.
   */
  retrieve(id, options) {
    return this._client._request({
      method: "GET",
      path: "/patients",
      id: [IntegerId, id],
      response: Patient,
      retry: "safe",
      options
    });
  }
  /**
   * Creates a patient (`POST /patients`). `cpf` is checked (check digits, with or without
   * punctuation) before sending. Retried only on 429: the service cannot deduplicate this call,
   * so after a lost response, look the patient up (for instance by CPF) before trying again.
   *
   * @throws {@link PatientCpfExistsError} 409: the CPF belongs to another patient.
   */
  create(body, options) {
    return this._client._request({
      method: "POST",
      path: "/patients",
      input: [PatientCreateParams, body],
      response: Patient,
      retry: "rate-limit-only",
      options
    });
  }
  /**
   * Changes a patient (`PATCH /patients/{id}`, scope `patients:write`): only the fields given
   * are sent; `null` erases `phone`, `email`, `cpf` or `birth_date`.
   *
   * @example
   * ```ts
   * await clinic.patients.update(42, { phone: null }); // erase the phone
   * ```
   * @throws {@link PermissionDeniedError} 403 with `requiredScope: 'patients:write'`.
   */
  update(id, body, options) {
    return this._client._request({
      method: "PATCH",
      path: "/patients",
      id: [IntegerId, id],
      input: [PatientUpdateParams, body],
      response: Patient,
      retry: "safe",
      options
    });
  }
};
var Professionals = class extends APIResource {
  /**
   * Lists every professional (`GET /professionals`). The spec shows no query parameters; `query` is sent as
   * given.
   */
  list(query, options) {
    return this._client._list("/professionals", Professional, query, options);
  }
  /**
   * Reads one professional (`GET /professionals/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such professional.
   */
  retrieve(id, options) {
    return this._client._request({
      method: "GET",
      path: "/professionals",
      id: [IntegerId, id],
      response: Professional,
      retry: "safe",
      options
    });
  }
};
var Rooms = class extends APIResource {
  /**
   * Lists the active rooms (`GET /rooms`), empty when the clinic does not use rooms. The spec
   * shows this list paginated (spec 4.1: a `cursor`, which the paginator follows for you, and a
   * page size of default 50 and maximum 100, whose parameter name it does not show); `query` is
   * sent as given, for instance `{ page_size: 100 }` on a service that calls it so.
   *
   * @example
   * ```ts
   * for await (const room of clinic.rooms.list()) console.log(room.name);
   * ```
   */
  list(query, options) {
    return this._client._list("/rooms", Room, query, options);
  }
  /**
   * Reads one room (`GET /rooms/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such room.
   */
  retrieve(id, options) {
    return this._client._request({
      method: "GET",
      path: "/rooms",
      id: [IntegerId, id],
      response: Room,
      retry: "safe",
      options
    });
  }
};
var VERSION = "0.1.0";
var DEFAULT_TIMEOUT_MS = 3e4;
var DEFAULT_MAX_RETRIES = 2;
var ClinicClient = class _ClinicClient {
  /** Appointments: list, retrieve, create, update, cancel. */
  appointments;
  /** Patients: list, retrieve, create, update. */
  patients;
  /** Professionals (read-only). */
  professionals;
  /** Rooms (read-only; only active rooms). */
  rooms;
  /** Appointment types (read-only). */
  appointmentTypes;
  /** The service host root, without a trailing slash. */
  baseUrl;
  /** Per-attempt timeout in milliseconds. */
  timeout;
  /** Retries allowed per call. */
  maxRetries;
  /** The largest response body read, in bytes. */
  maxResponseBytes;
  /** Whether responses are validated. */
  validateResponses;
  #options;
  /** @internal */
  _transport;
  /**
   * @throws {@link ConfigurationError} when the key or base URL is missing or malformed, an
   *   option is out of range, or in a browser without `dangerouslyAllowBrowser`.
   */
  constructor(options = {}) {
    if (typeof options !== "object" || options === null) {
      throw new ConfigurationError("ClinicClient takes an options object.");
    }
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        "ClinicClient refuses to run in a browser: the API key gives access to health data, and anyone who opens the page could read it. Call the API from your server. If you understand the risk (say, an internal tool behind authentication), pass dangerouslyAllowBrowser: true."
      );
    }
    this.#options = { ...options };
    const apiKey = checkApiKey(
      options.apiKey === void 0 ? readEnv("CLINIC_API_KEY") : options.apiKey
    );
    this.baseUrl = checkBaseUrl(options.baseUrl ?? readEnv("CLINIC_BASE_URL"), apiKey);
    this.timeout = checkNumber("timeout", options.timeout ?? DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
    this.maxRetries = checkNumber(
      "maxRetries",
      options.maxRetries ?? DEFAULT_MAX_RETRIES,
      0,
      MAX_RETRIES_LIMIT,
      true
    );
    const bytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxResponseBytes = checkNumber("maxResponseBytes", bytes, 1, MAX_RESPONSE_BYTES, true);
    this.validateResponses = options.validateResponses ?? true;
    const level = options.logLevel ?? readEnv("CLINIC_LOG") ?? "warn";
    if (!isLogLevel(level)) {
      throw new ConfigurationError(
        `logLevel (or CLINIC_LOG) must be one of off, error, warn, info, debug; got "${String(level)}".`
      );
    }
    if (options.fetch !== void 0 && typeof options.fetch !== "function") {
      throw new ConfigurationError("fetch must be a function with the signature of fetch().");
    }
    this._transport = new Transport(apiKey, {
      baseUrl: this.baseUrl,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      maxResponseBytes: this.maxResponseBytes,
      fetch: options.fetch,
      headers: { ...options.headers },
      logger: levelLogger(options.logger ?? console, level),
      debug: level === "debug",
      userAgent: `clinic-scheduling-sdk-typescript/${VERSION} ${runtimeName()}`
    });
    this.appointments = new Appointments(this);
    this.patients = new Patients(this);
    this.professionals = new Professionals(this);
    this.rooms = new Rooms(this);
    this.appointmentTypes = new AppointmentTypes(this);
  }
  /**
   * A new client with the same configuration except `overrides`. An option given as
   * `undefined` is not given: the parent client's setting applies (as with
   * `exactOptionalPropertyTypes`), never the default.
   *
   * @example
   * ```ts
   * const patient = clinic.withOptions({ timeout: 5_000, maxRetries: 0 });
   * ```
   */
  withOptions(overrides) {
    const given = Object.entries(overrides ?? {}).filter(([, value]) => value !== void 0);
    return new _ClinicClient({ ...this.#options, ...Object.fromEntries(given) });
  }
  /** @internal Sends one call: checks inputs, sends, validates the answer. */
  _request(spec) {
    return new APIPromise(this.#call(spec));
  }
  /**
   * @internal A list call. A query that fails its schema does not throw here: the paginator
   * rejects with the {@link ValidationError} when awaited or iterated, sending nothing.
   */
  _list(path, item, query, options, querySchema = ListQuery) {
    let checked;
    let invalid;
    try {
      checked = query === void 0 ? void 0 : parseInput(querySchema, query, "query");
    } catch (error) {
      invalid = error;
    }
    const transport = this._transport;
    const apiRoot = transport.apiRoot;
    return new Paginator(
      {
        fetch: (urlOrPath, q) => invalid === void 0 ? transport.request({
          method: "GET",
          path: urlOrPath,
          query: q,
          retry: "safe",
          options
        }) : Promise.reject(invalid),
        checkPageUrl: (url, base, which, page) => checkPageUrl(url, base, which, page, apiRoot),
        item: this.validateResponses ? item : void 0,
        options
      },
      path,
      checked
    );
  }
  async #call(spec) {
    let itemPath = spec.path;
    if (spec.id) {
      const [schema, value] = spec.id;
      itemPath += `/${encodeURIComponent(String(parseInput(schema, value, "id", "id")))}`;
    }
    const body = spec.input ? parseInput(spec.input[0], spec.input[1], "body") : void 0;
    const raw = await this._transport.request({
      method: spec.method,
      path: spec.suffix ? itemPath + spec.suffix : itemPath,
      body,
      retry: spec.retry,
      idempotent: spec.idempotent,
      options: spec.options
    });
    const checked = this.#check(spec.response, raw.body, spec.refetch === true);
    let data;
    if (checked.ok) data = checked.data;
    else if (spec.refetch) data = await this.#readBack(spec, itemPath, raw);
    else {
      throw withIdempotencyKey(
        new ResponseValidationError(checked.paths, raw.method, raw.path),
        raw.idempotencyKey
      );
    }
    return {
      data,
      response: raw.response,
      idempotencyKey: raw.idempotencyKey,
      replayed: raw.replayed
    };
  }
  /**
   * Reads the record back after a write whose 2xx body was not the record.
   *
   * @throws {@link ReadBackError} when that read fails in any way: the write succeeded.
   */
  async #readBack(spec, itemPath, write) {
    try {
      const fresh = await this._transport.request({
        method: "GET",
        path: itemPath,
        retry: "safe",
        options: spec.options
      });
      const checked = this.#check(spec.response, fresh.body, false);
      if (checked.ok) return checked.data;
      throw new ResponseValidationError(checked.paths, fresh.method, fresh.path);
    } catch (error) {
      throw new ReadBackError(write, `${this._transport.apiRoot.pathname}${itemPath}`, error);
    }
  }
  /**
   * Checks a 2xx body against `schema`, parsing it once. Without validation a body is taken
   * as is, except a write's (`refetch`) that does not even look like a record.
   */
  #check(schema, body, refetch) {
    if (this.validateResponses) {
      const result = schema.safeParse(body);
      if (result.success) return { ok: true, data: result.data };
      const paths = [...new Set(result.error.issues.map((i) => i.path.join(".") || "(root)"))];
      return { ok: false, paths };
    }
    if (refetch && !(isRecord(body) && "id" in body && "status" in body)) {
      return { ok: false, paths: ["(root)"] };
    }
    return { ok: true, data: body };
  }
  /** A summary without the key, for `console.log(client)`. */
  [/* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom")]() {
    return `ClinicClient { baseUrl: '${this.baseUrl}', timeout: ${this.timeout}, maxRetries: ${this.maxRetries} }`;
  }
  /** A summary without the key, for `JSON.stringify(client)`. */
  toJSON() {
    return { baseUrl: this.baseUrl, timeout: this.timeout, maxRetries: this.maxRetries };
  }
};
function parseInput(schema, value, what, field) {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(issuesToFields(result.error.issues, field), what);
}
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIPromise,
  APIUserAbortError,
  Appointment,
  AppointmentCreateParams,
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
  AppointmentType,
  AppointmentTypes,
  AppointmentUpdateParams,
  AppointmentUpdateStatus,
  Appointments,
  AuthenticationError,
  BadRequestError,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  ConflictError,
  Gender,
  IdempotencyKeyReuseError,
  InternalServerError,
  LIMITS,
  ListQuery,
  MAX_RETRY_AFTER_MS,
  NotFoundError,
  Page,
  Paginator,
  Patient,
  PatientCpfExistsError,
  PatientCreateParams,
  PatientListParams,
  PatientUpdateParams,
  Patients,
  PermissionDeniedError,
  Professional,
  Professionals,
  RateLimitError,
  ReadBackError,
  ResponseValidationError,
  Room,
  RoomRequiredError,
  Rooms,
  SCOPES,
  SlotBlockedError,
  TO_ARRAY_MAX_LIMIT,
  UnprocessableEntityError,
  VERSION,
  ValidationError
};
