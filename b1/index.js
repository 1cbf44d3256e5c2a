var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: !0 });
};

// dist/chunk-NVDQQQYN.js
var API_PREFIX = "/api/public/v1", IDEMPOTENCY_HEADER = "Idempotency-Key", REPLAYED_HEADER = "Idempotent-Replayed", LATIN1 = "\\x80-\\xff", VISIBLE = `\\x21-\\x7e${LATIN1}`, ANY = `\\t\\x20-\\x7e${LATIN1}`, HEADER_VALUE = new RegExp(`^[${ANY}]*$`), EXACT_HEADER_VALUE = new RegExp(`^[${VISIBLE}](?:[${ANY}]*[${VISIBLE}])?$`), HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, BRAND_NAME = /* @__PURE__ */ Symbol.for("@clinic-scheduling/sdk/error-brand");
function mark(name) {
  return /* @__PURE__ */ Symbol.for(`@clinic-scheduling/sdk/error:${name}`);
}
var ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
function hasBrandedInstance(value) {
  if (ordinaryHasInstance.call(this, value)) return !0;
  if (typeof value != "object" || value === null || !Object.hasOwn(this, BRAND_NAME))
    return !1;
  let name = this[BRAND_NAME];
  return value[mark(name)] === !0;
}
function brandErrors(classes) {
  for (let [name, cls] of Object.entries(classes))
    Object.defineProperty(cls, BRAND_NAME, { value: name }), Object.defineProperty(cls.prototype, mark(name), { value: !0 }), Object.defineProperty(cls, Symbol.hasInstance, { value: hasBrandedInstance });
}

// ../../main/node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries) {
  let numericValues = Object.values(entries).filter((v) => typeof v == "number");
  return Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
}
function joinValues(array2, separator = "|") {
  return array2.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  return typeof value == "bigint" ? value.toString() : value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter, this._value = void 0;
  }
  get value() {
    let getter = this._getter;
    return getter !== void 0 && (this._value = getter(), this._getter = void 0), this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input) {
  return input == null;
}
function cleanRegex(source) {
  let start = source.startsWith("^") ? 1 : 0, end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
  let ratio = val / step, roundedRatio = Math.round(ratio), tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  return Math.abs(ratio - roundedRatio) < tolerance ? 0 : ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object2, key, getter) {
  let value;
  Object.defineProperty(object2, key, {
    get() {
      if (value !== EVALUATING)
        return value === void 0 && (value = EVALUATING, value = getter()), value;
    },
    set(v) {
      Object.defineProperty(object2, key, {
        value: v
        // configurable: true,
      });
    },
    configurable: !0
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: !0,
    enumerable: !0,
    configurable: !0
  });
}
function rawShape(def) {
  let desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      let value = getter();
      return assignProp(this, key, value), value;
    },
    enumerable: !0,
    configurable: !0
  });
}
function putProp(target, key, value) {
  key in target ? assignProp(target, key, value) : target[key] = value;
}
function mirrorShape(target, source, keys, wrap) {
  let raw = sourceShape(source);
  for (let key of keys) {
    let desc = Object.getOwnPropertyDescriptor(raw, key);
    desc.enumerable && (desc.get ? deferProp(target, key, () => {
      let value = source._zod.def.shape[key];
      return wrap ? wrap(value, key) : value;
    }) : putProp(target, key, wrap ? wrap(desc.value, key) : desc.value));
  }
}
function mirrorProps(target, source) {
  for (let key of Reflect.ownKeys(source)) {
    let desc = Object.getOwnPropertyDescriptor(source, key);
    desc.enumerable && (desc.get ? deferProp(target, key, () => source[key]) : putProp(target, key, desc.value));
  }
}
function mergeDefs(...defs) {
  let mergedDescriptors = {};
  for (let def of defs) {
    let descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  return path ? path.reduce((acc, key) => acc?.[key], obj) : obj;
}
function promiseAllObject(promisesObj) {
  let keys = Object.keys(promisesObj), promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    let resolvedObj = {};
    for (let i = 0; i < keys.length; i++)
      resolvedObj[keys[i]] = results[i];
    return resolvedObj;
  });
}
function randomString(length = 10) {
  let chars = "abcdefghijklmnopqrstuvwxyz", str = "";
  for (let i = 0; i < length; i++)
    str += chars[Math.floor(Math.random() * chars.length)];
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input) {
  return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data == "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless || typeof navigator < "u" && navigator?.userAgent?.includes("Cloudflare"))
    return !1;
  try {
    let F = Function;
    return new F(""), !0;
  } catch {
    return !1;
  }
});
function isPlainObject(o) {
  if (isObject(o) === !1)
    return !1;
  let ctor = o.constructor;
  if (ctor === void 0 || typeof ctor != "function")
    return !0;
  let prot = ctor.prototype;
  return !(isObject(prot) === !1 || Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === !1);
}
function shallowClone(o) {
  return isPlainObject(o) ? { ...o } : Array.isArray(o) ? [...o] : o instanceof Map ? new Map(o) : o instanceof Set ? new Set(o) : o;
}
function numKeys(data) {
  let keyCount = 0;
  for (let key in data)
    Object.prototype.hasOwnProperty.call(data, key) && keyCount++;
  return keyCount;
}
var getParsedType = (data) => {
  let t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      return Array.isArray(data) ? "array" : data === null ? "null" : data.then && typeof data.then == "function" && data.catch && typeof data.catch == "function" ? "promise" : typeof Map < "u" && data instanceof Map ? "map" : typeof Set < "u" && data instanceof Set ? "set" : typeof Date < "u" && data instanceof Date ? "date" : typeof File < "u" && data instanceof File ? "file" : "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
}, propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]), primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  let cl = new inst._zod.constr(def ?? inst._zod.def);
  return (!def || params?.parent) && (cl._zod.parent = inst), cl;
}
function normalizeParams(_params) {
  let params = _params;
  if (!params)
    return {};
  if (typeof params == "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  return delete params.message, typeof params.error == "string" ? { ...params, error: () => params.error } : params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      return target ?? (target = getter()), Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      return target ?? (target = getter()), Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      return target ?? (target = getter()), Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      return target ?? (target = getter()), Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      return target ?? (target = getter()), Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      return target ?? (target = getter()), Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      return target ?? (target = getter()), Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  return typeof value == "bigint" ? value.toString() + "n" : typeof value == "string" ? `"${value}"` : `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional");
}
var NUMBER_FORMAT_RANGES = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}, BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  let currDef = schema._zod.def, checks = currDef.checks;
  if (checks && checks.length > 0)
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  let newShape = {};
  return mirrorShape(newShape, schema, maskedKeys(schema, mask)), clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  let raw = sourceShape(schema), keys = [];
  for (let key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable)
      throw new Error(`Unrecognized key: "${String(key)}"`);
    mask[key] && keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  let currDef = schema._zod.def, checks = currDef.checks;
  if (checks && checks.length > 0)
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  let omitted = new Set(maskedKeys(schema, mask)), newShape = {};
  return mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key))), clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject(shape))
    throw new Error("Invalid input to extend: expected a plain object");
  let checks = schema._zod.def.checks;
  if (checks && checks.length > 0) {
    let existingShape = sourceShape(schema);
    for (let key of Reflect.ownKeys(shape))
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0)
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  let newShape = {};
  return mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema))), mirrorProps(newShape, shape), newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape))
    throw new Error("Invalid input to safeExtend: expected a plain object");
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def)
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  if (a._zod.def.checks?.length)
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  let newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a))), mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  let def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  let checks = schema._zod.def.checks;
  if (checks && checks.length > 0)
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  let selected = mask ? new Set(maskedKeys(schema, mask)) : void 0, newShape = {};
  return mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value }))), clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  let selected = mask ? new Set(maskedKeys(schema, mask)) : void 0, newShape = {};
  return mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => (
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
  )), clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === !0)
    return !0;
  for (let i = startIndex; i < x.issues.length; i++)
    if (x.issues[i]?.continue !== !0)
      return !0;
  return !1;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === !0)
    return !0;
  for (let i = startIndex; i < x.issues.length; i++)
    if (x.issues[i]?.continue === !1)
      return !0;
  return !1;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    return (_a3 = iss).path ?? (_a3.path = []), iss.path.unshift(path), iss;
  });
}
function unwrapMessage(message) {
  return typeof message == "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  let caps = [];
  for (let ch of defChecks ?? []) {
    let d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    let max = d.maximum ?? d.length ?? d.size;
    max >= 0 && caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start, inst) {
  var _a3;
  for (let i = start; i < issues.length; i++)
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  let traits = iss.inst?._zod?.traits;
  traits?.has("$ZodType") && (traits.has("$ZodCheck") ? (_a3 = iss).schema ?? (_a3.schema = iss.inst) : iss.schema = iss.inst);
  let schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0, message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input", full = {};
  for (let k of Object.keys(iss))
    k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__" || (full[k] = iss[k]);
  return full.path ?? (full.path = []), full.message = message, ctx?.reportInput && (full.input = iss.input), full;
}
function getSizableOrigin(input) {
  return input instanceof Set ? "set" : input instanceof Map ? "map" : input instanceof File ? "file" : "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  let units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count = units;
  for (let i = 0; i < units - 1; i++)
    (str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320 && (count--, i++);
  return count;
}
function getLengthableOrigin(input) {
  return Array.isArray(input) ? "array" : typeof input == "string" ? "string" : "unknown";
}
function parsedType(data) {
  let t = typeof data;
  switch (t) {
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "object": {
      if (data === null)
        return "null";
      if (Array.isArray(data))
        return "array";
      let obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor)
        return obj.constructor.name;
    }
  }
  return t;
}
function issue(...args) {
  let [iss, input, inst] = args;
  return typeof iss == "string" ? {
    message: iss,
    code: "custom",
    input,
    inst
  } : { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => Number.isNaN(Number.parseInt(k, 10))).map((el) => el[1]);
}
function base64ToUint8Array(base642) {
  let binaryString = atob(base642), bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++)
    bytes[i] = binaryString.charCodeAt(i);
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++)
    binaryString += String.fromCharCode(bytes[i]);
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url2) {
  let base642 = base64url2.replace(/-/g, "+").replace(/_/g, "/"), padding = "=".repeat((4 - base642.length % 4) % 4);
  return base64ToUint8Array(base642 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
  let cleanHex = hex.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0)
    throw new Error("Invalid hex string length");
  let bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2)
    bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table) {
  for (let key in table) {
    let desc = Object.getOwnPropertyDescriptor(table, key);
    desc.get ? Object.defineProperty(proto, key, { ...desc, enumerable: !1 }) : defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = !0) {
  return Object.defineProperty(inst, key, { configurable: !0, writable: !0, enumerable, value }), value;
}
function hide(inst, key, value) {
  return own(inst, key, value, !1);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table) {
  for (let key in computes) {
    let compute = computes[key];
    Object.defineProperty(table, key, {
      configurable: !0,
      enumerable: !0,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      }
    });
  }
  return table;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: !0,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  let proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing, broke = !1, breaker = {
  configurable: !0,
  get() {
    broke = !0;
  }
};
function defineLazyInternal(inst, key, compute) {
  let proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod, Object.defineProperty(proto, key, {
    configurable: !0,
    get() {
      Object.defineProperty(this, key, breaker);
      let outer = broke;
      broke = !1;
      try {
        let value = compute(this);
        return broke ? delete this[key] : Object.defineProperty(this, key, { configurable: !0, writable: !0, value }), broke = broke || outer, value;
      } catch (err) {
        throw delete this[key], broke = broke || outer, err;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: !0, writable: !0, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  let proto = claim(inst, key);
  proto && Object.defineProperty(proto, key, {
    configurable: !0,
    get() {
      let desc = { configurable: !0, writable: !0, enumerable, value: void 0 };
      return Object.defineProperty(this, key, desc), desc.value = make(this), Object.defineProperty(this, key, desc), desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: !0, writable: !0, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  let fn = () => value;
  return fn[CONSTANT_CATCH] = !0, fn;
}

// ../../main/node_modules/zod/v4/core/core.js
var _a;
var _zodDesc = { value: void 0, enumerable: !1 }, _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  let E = _E;
  if (E) {
    let saved = E.stackTraceLimit;
    if (typeof saved == "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        return _E = null, new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  let zodProto = {};
  function Internals(def) {
    this.def = def, this.constr = _, this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  let protoMembers = proto, initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (inst._zod) {
      if (inst._zod.traits.has(name))
        return;
    } else {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    }
    if (inst._zod.traits.add(name), initializer3(inst, def), initialized) {
      let own2 = Object.getPrototypeOf(inst), ctorProto = inst._zod.constr.prototype, up = own2;
      for (; up && up !== ctorProto; )
        up = Object.getPrototypeOf(up);
      let target = up ?? own2;
      initialized.has(target) || (initialized.add(target), members(target, protoMembers));
    }
    let proto2 = _.prototype;
    for (let k in proto2)
      Object.prototype.hasOwnProperty.call(proto2, k) && (k in inst || (inst[k] = proto2[k].bind(inst)));
  }
  let Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    let inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    let deferred = inst._zod.deferred;
    if (deferred) {
      for (let fn of deferred)
        fn();
      inst._zod.deferred = void 0;
    }
    let pp = globalThis.__zod_globalConfig?.postProcessor;
    return pp && pp(inst), inst;
  }
  return Object.defineProperty(_, "init", { value: init }), Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => params?.Parent && inst instanceof params.Parent ? !0 : inst?._zod?.traits?.has(name)
  }), Object.defineProperty(_, "name", { value: name }), _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super("Encountered Promise during synchronous parse. Use .parseAsync() instead.");
  }
}, $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`), this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  return newConfig && Object.assign(globalConfig, newConfig), globalConfig;
}

// ../../main/node_modules/zod/v4/core/errors.js
function _getMessage() {
  let internals = this._zod;
  return internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2)), internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: !0,
  configurable: !0
}, _issuesDesc = { value: void 0, enumerable: !1 }, _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]), initializer = (inst, def) => {
  inst.name = "$ZodError", _issuesDesc.value = def, Object.defineProperty(inst, "issues", _issuesDesc), _issuesDesc.value = void 0, Object.defineProperty(inst, "message", _messageDesc);
  let proto = Object.getPrototypeOf(inst);
  _installedToString.has(proto) || (_installedToString.add(proto), Object.defineProperty(proto, "toString", {
    configurable: !0,
    enumerable: !1,
    get() {
      let value = () => this.message;
      return Object.defineProperty(this, "toString", { value, configurable: !0, writable: !0 }), value;
    },
    set(value) {
      Object.defineProperty(this, "toString", { value, configurable: !0, writable: !0 });
    }
  }));
}, $ZodError = $constructor("$ZodError", initializer), $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key, make) {
  return Object.prototype.hasOwnProperty.call(obj, key) || (key === "__proto__" ? Object.defineProperty(obj, key, { value: make(), writable: !0, enumerable: !0, configurable: !0 }) : obj[key] = make()), obj[key];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  let fieldErrors = {}, formErrors = [];
  for (let sub of error2.issues)
    sub.path.length > 0 ? node(fieldErrors, sub.path[0], () => []).push(mapper(sub)) : formErrors.push(mapper(sub));
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  let fieldErrors = { _errors: [] }, processError = (error3, path = []) => {
    for (let issue2 of error3.issues)
      if (issue2.code === "invalid_union" && issue2.errors.length)
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      else if (issue2.code === "invalid_key")
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      else if (issue2.code === "invalid_element")
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      else {
        let fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0)
          fieldErrors._errors.push(mapper(issue2));
        else {
          let curr = fieldErrors, i = 0;
          for (; i < fullpath.length; ) {
            let el = fullpath[i], terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              terminal && curr._errors.push(mapper(issue2)), i++;
              continue;
            }
            Object.prototype.hasOwnProperty.call(curr, el) || Object.defineProperty(curr, el, {
              value: { _errors: [] },
              enumerable: !0,
              writable: !0,
              configurable: !0
            });
            let node2 = curr[el];
            terminal && node2._errors.push(mapper(issue2)), curr = node2, i++;
          }
        }
      }
  };
  return processError(error2), fieldErrors;
}

// ../../main/node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  let fn = (schema, value, _ctx, _params) => {
    let ctx = _ctx ? { ..._ctx, async: !1 } : { async: !1 }, result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      throw new $ZodAsyncError();
    if (result.issues.length) {
      let e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      throw captureStackTrace(e, _params?.callee ?? fn), e;
    }
    return result.value;
  };
  return fn;
};
var _parseAsync = (_Err) => {
  let fn = async (schema, value, _ctx, params) => {
    let ctx = _ctx ? { ..._ctx, async: !0 } : { async: !0 }, result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise && (result = await result), result.issues.length) {
      let e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      throw captureStackTrace(e, params?.callee ?? fn), e;
    }
    return result.value;
  };
  return fn;
};
var _safeParse = (_Err) => (schema, value, _ctx) => {
  let ctx = _ctx ? { ..._ctx, async: !1 } : { async: !1 }, result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    throw new $ZodAsyncError();
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: !0, data: result.value };
};
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: !1,
    get error() {
      return error2 || (error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config()))), issues = void 0, ctx = void 0), error2;
    },
    set error(e) {
      error2 = e, issues = void 0, ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  let ctx = _ctx ? { ..._ctx, async: !0 } : { async: !0 }, result = schema._zod.run({ value, issues: [] }, ctx);
  return result instanceof Promise && (result = await result), result.issues.length ? failure(_Err, result.issues, ctx) : { success: !0, data: result.value };
};
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid"), COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback"), validate = ((schema, value, _ctx) => {
  let validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return !0;
    if (validator.definite === !0 && _ctx === void 0)
      return !1;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  let ctx = _ctx ? { ..._ctx, async: !1, abortEarly: !0 } : { async: !1, abortEarly: !0 }, fallbackRun = schema._zod.bag.fallbackRun, result;
  if (fallbackRun ? (ctx[COMPILE_FALLBACK] = !0, result = fallbackRun({ value, issues: [] }, ctx)) : result = schema._zod.run({ value, issues: [] }, ctx), result instanceof Promise)
    throw new $ZodAsyncError();
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  let ctx = _ctx ? { ..._ctx, async: !0, abortEarly: !0 } : { async: !0, abortEarly: !0 }, result = schema._zod.run({ value, issues: [] }, ctx);
  return result instanceof Promise && (result = await result), result.issues.length === 0;
}, _encode = (_Err) => {
  let parse2 = _parse(_Err), fn = (schema, value, _ctx, _params) => {
    let ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decode = (_Err) => {
  let parse2 = _parse(_Err), fn = (schema, value, _ctx, _params) => parse2(schema, value, _ctx, finalizeParams(fn, _params));
  return fn;
};
var _encodeAsync = (_Err) => {
  let parseAsync2 = _parseAsync(_Err), fn = async (schema, value, _ctx, _params) => {
    let ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decodeAsync = (_Err) => {
  let parseAsync2 = _parseAsync(_Err), fn = async (schema, value, _ctx, _params) => await parseAsync2(schema, value, _ctx, finalizeParams(fn, _params));
  return fn;
};
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  let ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var _safeDecode = (_Err) => (schema, value, _ctx) => _safeParse(_Err)(schema, value, _ctx);
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  let ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => _safeParseAsync(_Err)(schema, value, _ctx);

// ../../main/node_modules/zod/v4/core/regexes.js
var cuid = /^[cC][0-9a-z]{6,}$/, cuid2 = /^[0-9a-z]+$/, ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/, xid = /^[0-9a-vA-V]{20}$/, ksuid = /^[A-Za-z0-9]{27}$/, nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/, uuid = (version2) => version2 ? new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`) : /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var _emoji = "^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$";
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/, ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/, cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/, base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/, base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var httpProtocol = /^https?$/, e164 = /^\+[1-9]\d{6,14}$/;
var dateSource = "(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))";
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  let hhmm = "(?:[01]\\d|2[0-3]):[0-5]\\d";
  return typeof args.precision == "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  let opts = ["Z"];
  args.offset && opts.push("([+-](?:[01]\\d|2[0-3]):[0-5]\\d)");
  let qualified = `${timeSource({ precision: args.precision, seconds: !0 })}(?:${opts.join("|")})`, timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var integer = /^-?\d+$/, number = /^-?\d+(?:\.\d+)?$/, boolean = /^(?:true|false)$/i, _null = /^null$/i;
var _undefined = /^undefined$/i;
var lowercase = /^[^A-Z]*$/, uppercase = /^[^a-z]*$/;

// ../../main/node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {}), inst._zod.def = def, (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasLength = (payload) => {
  let val = payload.value;
  return !nullish(val) && val.length !== void 0;
}, numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
}, $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  let origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    (def.inclusive ? payload.value <= def.value : payload.value < def.value) || payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value == "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  let origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    (def.inclusive ? payload.value >= def.value : payload.value > def.value) || payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value == "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def), inst._zod.check = (payload) => {
    if (typeof payload.value != typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    (typeof payload.value == "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0) || payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def), def.format = def.format || "float64";
  let isInt = def.format?.includes("int"), origin = isInt ? "int" : "number", [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    let input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: !1,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        input > 0 ? payload.issues.push({
          input,
          code: "too_big",
          maximum: Number.MAX_SAFE_INTEGER,
          note: "Integers must be within the safe integer range.",
          inst,
          origin,
          inclusive: !0,
          continue: !def.abort
        }) : payload.issues.push({
          input,
          code: "too_small",
          minimum: Number.MIN_SAFE_INTEGER,
          note: "Integers must be within the safe integer range.",
          inst,
          origin,
          inclusive: !0,
          continue: !def.abort
        });
        return;
      }
    }
    input < minimum && payload.issues.push({
      origin: "number",
      input,
      code: "too_small",
      minimum,
      inclusive: !0,
      inst,
      continue: !def.abort
    }), input > maximum && payload.issues.push({
      origin: "number",
      input,
      code: "too_big",
      maximum,
      inclusive: !0,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def), (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength), inst._zod.check = (payload) => {
    let input = payload.value, units = input.length;
    if ((typeof input == "string" && units > def.maximum ? codePointLength(input) : units) <= def.maximum)
      return;
    let origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: !0,
      input,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def), (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength), inst._zod.check = (payload) => {
    let input = payload.value, units = input.length;
    if ((typeof input == "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units) >= def.minimum)
      return;
    let origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: !0,
      input,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def), (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength), inst._zod.check = (payload) => {
    let input = payload.value, units = input.length, length = typeof input == "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
    if (length === def.length)
      return;
    let origin = getLengthableOrigin(input), tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: !0,
      exact: !0,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def), def.pattern ? (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
    def.pattern.lastIndex = 0, !def.pattern.test(payload.value) && payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: def.format,
      input: payload.value,
      ...def.pattern ? { pattern: def.pattern.toString() } : {},
      inst,
      continue: !def.abort
    });
  }) : (_b = inst._zod).check ?? (_b.check = () => {
  });
}), $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def), inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0, !def.pattern.test(payload.value) && payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase), $ZodCheckStringFormat.init(inst, def);
}), $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase), $ZodCheckStringFormat.init(inst, def);
}), $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  let escapedRegex = escapeRegex(def.includes), pattern = new RegExp(typeof def.position == "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern, inst._zod.check = (payload) => {
    payload.value.includes(def.includes, def.position) || payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  let pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern), inst._zod.check = (payload) => {
    payload.value.startsWith(def.prefix) || payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  let pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern), inst._zod.check = (payload) => {
    payload.value.endsWith(def.suffix) || payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def), inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// ../../main/node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [], this.indent = 0, this.args = args, this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg == "function") {
      arg(this, { execution: "sync" }), arg(this, { execution: "async" });
      return;
    }
    let lines = arg.split(`
`).filter((x) => x), minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length)), dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (let line of dedented)
      this.content.push(line);
  }
  compile() {
    let F = Function, content = this?.content ?? [""];
    return new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join(`
`)}
};`)(...Object.values(this.closed));
  }
};

// ../../main/node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// ../../main/node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {}), inst._zod.def = def, inst._zod.bag = inst._zod.bag || {}, inst._zod.version = version;
  let defChecks = inst._zod.def.checks, checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (let ch of checks)
    for (let fn of ch._zod.onattach)
      fn(inst);
  if (checks.length === 0)
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []), inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  else {
    let runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload), asyncResult;
      for (let ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload) || !ch._zod.def.when(payload))
            continue;
        } else if (isAborted)
          continue;
        let currLen = payload.issues.length, _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === !1)
          throw new $ZodAsyncError();
        if (asyncResult || _ instanceof Promise)
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _, payload.issues.length !== currLen && (attachSchema(payload.issues, currLen, inst), isAborted || (isAborted = aborted(payload, currLen)));
          });
        else {
          if (payload.issues.length === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst), isAborted || (isAborted = aborted(payload, currLen));
        }
      }
      return asyncResult ? asyncResult.then(() => payload) : payload;
    }, handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary))
        return canary.aborted = !0, canary;
      let checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === !1)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks)
        return inst._zod.parse(payload, ctx);
      if (ctx.direction === "backward") {
        let canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: !0 });
        return canary instanceof Promise ? canary.then((canary2) => handleCanaryResult(canary2, payload, ctx)) : handleCanaryResult(canary, payload, ctx);
      }
      let result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === !1)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
}), toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  let ctx = { async: !0 };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      let ctx = { async: !1 };
      try {
        let r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.pattern = def.pattern ?? anyString, inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch {
      }
    return typeof payload.value == "string" || payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    }), payload;
  };
}), $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def), $ZodString.init(inst, def);
}), $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid), $ZodStringFormat.init(inst, def);
}), $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    let v = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    }[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
}), $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email), $ZodStringFormat.init(inst, def);
}), URL_BAD_FORMAT = 1, URL_UNPARSEABLE = 2;
function canParseURL(input) {
  try {
    return typeof URL < "u" && typeof URL.canParse == "function" ? URL.canParse(input) : (new URL(input), !0);
  } catch {
    return !1;
  }
}
function validateURL(trimmed, def) {
  return !("normalize" in def) && !("hostname" in def) && !("protocol" in def) ? canParseURL(trimmed) || URL_UNPARSEABLE : parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed))
    return URL_BAD_FORMAT;
  try {
    if (typeof URL < "u") {
      let URLStatic = URL;
      if (typeof URLStatic.parse == "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
  return hostname.lastIndex = 0, hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
  return protocol.lastIndex = 0, protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    try {
      let trimmed = payload.value.trim(), url = validateURL(trimmed, def);
      if (url === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === !0) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      def.hostname && !urlHostnameOk(url, def.hostname) && payload.issues.push({
        code: "invalid_format",
        format: "url",
        note: "Invalid hostname",
        pattern: def.hostname.source,
        input: payload.value,
        inst,
        continue: !def.abort
      }), def.protocol && !urlProtocolOk(url, def.protocol) && payload.issues.push({
        code: "invalid_format",
        format: "url",
        note: "Invalid protocol",
        pattern: def.protocol.source,
        input: payload.value,
        inst,
        continue: !def.abort
      }), payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
      return;
    } catch {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
}), $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji()), $ZodStringFormat.init(inst, def);
}), $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length)), $ZodStringFormat.init(inst, def);
}), $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid), $ZodStringFormat.init(inst, def);
}), $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2), $ZodStringFormat.init(inst, def);
}), $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid), $ZodStringFormat.init(inst, def);
}), $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid), $ZodStringFormat.init(inst, def);
}), $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid), $ZodStringFormat.init(inst, def);
}), $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def)), $ZodStringFormat.init(inst, def);
}), $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date), $ZodStringFormat.init(inst, def);
}), $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def)), $ZodStringFormat.init(inst, def);
}), $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration), $ZodStringFormat.init(inst, def);
}), $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4), $ZodStringFormat.init(inst, def);
}), ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  return ipv6Alphabet.test(value) ? canParseURL(`http://[${value}]`) : !1;
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6), $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    isValidIPv6(payload.value) || payload.issues.push({
      code: "invalid_format",
      format: "ipv6",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4), $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  let parts = value.split("/");
  if (parts.length !== 2)
    return !1;
  let [address, prefix] = parts;
  if (!prefix)
    return !1;
  let prefixNum = Number(prefix);
  return `${prefixNum}` !== prefix || prefixNum < 0 || prefixNum > 128 ? !1 : isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6), $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    isValidCIDRv6(payload.value) || payload.issues.push({
      code: "invalid_format",
      format: "cidrv6",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
function isValidBase64(data) {
  if (data === "")
    return !0;
  if (/\s/.test(data) || data.length % 4 !== 0)
    return !1;
  try {
    return atob(data), !0;
  } catch {
    return !1;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/, $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset), $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    isValidBase64(payload.value) || payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return !1;
  let base642 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/"), padded = base642.padEnd(Math.ceil(base642.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset), $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    isValidBase64URL(payload.value) || payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
}), $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164), $ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
  try {
    let tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return !1;
    let [header] = tokensParts;
    if (!header)
      return !1;
    let parsedHeader = JSON.parse(atob(header));
    return !("typ" in parsedHeader && parsedHeader?.typ !== "JWT" || !parsedHeader.alg || algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm));
  } catch {
    return !1;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def), inst._zod.check = (payload) => {
    isValidJWT(payload.value, def.alg) || payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.pattern = number, inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch {
      }
    let input = payload.value;
    if (typeof input == "number" && !Number.isNaN(input) && Number.isFinite(input))
      return payload;
    let received = typeof input == "number" ? Number.isNaN(input) ? "NaN" : Number.isFinite(input) ? void 0 : String(input) : void 0;
    return payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    }), payload;
  };
}), $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def), $ZodNumber.init(inst, def);
}), $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.pattern = boolean, inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = !!payload.value;
      } catch {
      }
    let input = payload.value;
    return typeof input == "boolean" || payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    }), payload;
  };
});
var $ZodUndefined = /* @__PURE__ */ $constructor("$ZodUndefined", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.pattern = _undefined, inst._zod.values = /* @__PURE__ */ new Set([void 0]), inst._zod.parse = (payload, _ctx) => {
    let input = payload.value;
    return typeof input > "u" || payload.issues.push({
      expected: "undefined",
      code: "invalid_type",
      input,
      inst
    }), payload;
  };
}), $ZodNull = /* @__PURE__ */ $constructor("$ZodNull", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.pattern = _null, inst._zod.values = /* @__PURE__ */ new Set([null]), inst._zod.parse = (payload, _ctx) => {
    let input = payload.value;
    return input === null || payload.issues.push({
      expected: "null",
      code: "invalid_type",
      input,
      inst
    }), payload;
  };
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.parse = (payload) => payload;
}), $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.parse = (payload, _ctx) => (payload.issues.push({
    expected: "never",
    code: "invalid_type",
    input: payload.value,
    inst
  }), payload);
});
var $ZodDate = /* @__PURE__ */ $constructor("$ZodDate", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = new Date(payload.value);
      } catch {
      }
    let input = payload.value, isDate = input instanceof Date;
    return isDate && !Number.isNaN(input.getTime()) || payload.issues.push({
      expected: "date",
      code: "invalid_type",
      input,
      ...isDate ? { received: "Invalid Date" } : {},
      inst
    }), payload;
  };
});
function capSize(inst, size) {
  let caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  let cap = Math.min(...caps.map((c) => c[0])), parse2 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    let n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (let [max, ch] of sizeCaps(inst._zod.def.checks))
        if (n > max && ch._zod.def.when(payload)) {
          let start = payload.issues.length;
          return ch._zod.check(payload), payload.issues[start].continue = !1, attachSchema(payload.issues, start, inst), payload;
        }
    }
    return parse2(payload, ctx);
  };
}
var arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
  result.issues.length && final.issues.push(...prefixIssues(index, result.issues)), final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  let memo2 = globalConfig.memoizer;
  memo2?.attach(inst), inst._zod.parse = (payload, ctx) => {
    let input = payload.value;
    if (!Array.isArray(input))
      return payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input,
        inst
      }), payload;
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
    let proms = [], abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input.length; i++) {
      let item = input[i], result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise)
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      else if (handleArrayResult(result, payload, i), abortEarly && result.issues.length !== 0 && aborted(result))
        break;
    }
    return proms.length ? Promise.all(proms).then(() => payload) : payload;
  }, capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
  let isPresent = key in input, isOptionalOut = optout === "optional";
  if (!(!isPresent && isOptionalOut && optin === "optional")) {
    if (result.issues.length) {
      if (optin !== void 0 && isOptionalOut && !isPresent)
        return;
      final.issues.push(...prefixIssues(key, result.issues));
    }
    if (!isPresent && optin === void 0) {
      result.issues.length || final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
      return;
    }
    result.value === void 0 ? (isPresent || optin === "defaulted" && !isOptionalOut) && (final.value[key] = void 0) : final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  let keys = Object.keys(def.shape), ownSymbols = Object.getOwnPropertySymbols(def.shape), symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS, allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (let k of allKeys)
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType"))
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
  let okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  let unrecognized = [], keySet = def.keySet, _catchall = def.catchall._zod, t = _catchall.def.type, optin = _catchall.optin, optout = _catchall.optout, seen = 0;
  for (let key in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      t === "never" && unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    let r = _catchall.run({ value: input[key], issues: [] }, ctx);
    r instanceof Promise ? proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout))) : handlePropertyResult(r, payload, key, input, optin, optout);
  }
  return unrecognized.length && payload.issues.push({
    code: "unrecognized_keys",
    keys: unrecognized,
    input,
    inst,
    // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
    continue: !0
  }), proms.length ? Promise.all(proms).then(() => payload) : payload;
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  let desc = Object.getOwnPropertyDescriptor(def, "shape"), sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    let get = () => {
      let newSh = { ...sh };
      return Object.defineProperty(def, "shape", { value: newSh }), get.raw = newSh, newSh;
    };
    get.raw = sh, Object.defineProperty(def, "shape", { get });
  }
  let _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    let shape = zod.def.shape, propValues = {};
    for (let key in shape) {
      let field = shape[key]._zod;
      if (field.values) {
        Object.prototype.hasOwnProperty.call(propValues, key) || assignProp(propValues, key, /* @__PURE__ */ new Set());
        for (let v of field.values)
          propValues[key].add(v);
        field.optin !== void 0 && propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  let isObject2 = isObject, catchall = def.catchall, value, memo2 = globalConfig.memoizer;
  memo2?.attach(inst), inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    let input = payload.value;
    if (!isObject2(input))
      return payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      }), payload;
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    let proms = [], shape = value.shape, abortEarly = ctx?.abortEarly, seen = payload.issues.length;
    for (let key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      let el = shape[key], optin = el._zod.optin, optout = el._zod.optout, r = el._zod.run({ value: input[key], issues: [] }, ctx);
      r instanceof Promise ? proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout))) : handlePropertyResult(r, payload, key, input, optin, optout);
    }
    return catchall ? handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === !0) : proms.length ? Promise.all(proms).then(() => payload) : payload;
  };
}), $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  let superParse = inst._zod.parse, _normalized = cached(() => normalizeDef(def)), memo2 = globalConfig.memoizer, generateFastpass = (shape) => {
    let normalized = _normalized.value, syms = normalized.symbolKeys, doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms }), parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`, prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write("const input = payload.value;");
    let ids = /* @__PURE__ */ Object.create(null), counter = 0;
    for (let key of normalized.allKeys)
      ids[key] = `key_${counter++}`;
    doc.write(memo2 ? "const newResult = memo.alloc(inst, payload, {}, ctx);" : "const newResult = {};");
    for (let key of normalized.allKeys) {
      if (key === "__proto__")
        continue;
      let id = ids[key], k = typeof key == "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key), isPresent = `${k} in input`, schema = shape[key], optin = schema?._zod?.optin, isOptionalIn = optin !== void 0, isOptionalOut = schema?._zod?.optout === "optional";
      if (doc.write(`const ${id} = ${parseStr(k)};`), isOptionalIn && isOptionalOut) {
        let assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else isOptionalIn ? (doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `), optin === "defaulted" ? doc.write(`newResult[${k}] = ${id}.value;`) : doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `)) : doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
    }
    return doc.write("payload.value = newResult;"), doc.write("return payload;"), doc.compile();
  }, fastpass, isObject2 = isObject, jit = !globalConfig.jitless, fastEnabled = jit && allowsEval.value, catchall = def.catchall, value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    let input = payload.value;
    return isObject2(input) ? jit && fastEnabled && ctx?.async === !1 && ctx.jitless !== !0 ? (fastpass || (fastpass = generateFastpass(def.shape)), payload = fastpass(payload, ctx), catchall ? handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === !0) : payload) : superParse(payload, ctx) : (payload.issues.push({
      expected: "object",
      code: "invalid_type",
      input,
      inst
    }), payload);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (let result of results)
    if (result.issues.length === 0)
      return final.value = result.value, final;
  let nonaborted = results.filter((r) => !aborted(r));
  return nonaborted.length === 1 ? (final.value = nonaborted[0].value, nonaborted[0]) : (final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  }), final);
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0), defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0), defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values))
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
  }), defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      let patterns = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
  });
  let first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first)
      return first(payload, ctx);
    let async = !1, results = [];
    for (let option of def.options) {
      let result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise)
        results.push(result), async = !0;
      else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    return async ? Promise.all(results).then((results2) => handleUnionResults(results2, payload, inst, ctx)) : handleUnionResults(results, payload, inst, ctx);
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.parse = (payload, ctx) => {
    let input = payload.value, left = def.left._zod.run({ value: input, issues: [] }, ctx), right = def.right._zod.run({ value: input, issues: [] }, ctx);
    return left instanceof Promise || right instanceof Promise ? Promise.all([left, right]).then(([left2, right2]) => handleIntersectionResults(payload, left2, right2)) : handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b)
    return { valid: !0, data: a };
  if (a instanceof Date && b instanceof Date && +a == +b)
    return { valid: !0, data: a };
  if (isPlainObject(a) && isPlainObject(b)) {
    let bKeys = Object.keys(b), sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1), newObj = { ...a, ...b };
    Object.prototype.hasOwnProperty.call(newObj, "__proto__") && delete newObj.__proto__;
    for (let key of sharedKeys) {
      if (key === "__proto__")
        continue;
      let sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid)
        return {
          valid: !1,
          mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
        };
      newObj[key] = sharedValue.data;
    }
    return { valid: !0, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length)
      return { valid: !1, mergeErrorPath: [] };
    let newArray = [];
    for (let index = 0; index < a.length; index++) {
      let itemA = a[index], itemB = b[index], sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid)
        return {
          valid: !1,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      newArray.push(sharedValue.data);
    }
    return { valid: !0, data: newArray };
  }
  return { valid: !1, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  let unrecKeys = /* @__PURE__ */ new Map(), unrecIssue, keyIssues = /* @__PURE__ */ new Map(), collect = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length)
      unrecIssue ?? (unrecIssue = iss), keys = iss.keys;
    else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      let k = String(iss.path[0]);
      keyIssues.has(k) || keyIssues.set(k, iss), keys = [k];
    } else
      return !1;
    for (let k of keys)
      unrecKeys.has(k) || unrecKeys.set(k, {}), unrecKeys.get(k)[side] = !0;
    return !0;
  };
  for (let iss of left.issues)
    collect(iss, "l") || result.issues.push(iss);
  for (let iss of right.issues)
    collect(iss, "r") || result.issues.push(iss);
  let bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    let aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    aggregated.length && result.issues.push({ ...unrecIssue, keys: aggregated });
    for (let k of bothKeys)
      !aggregated.includes(k) && keyIssues.has(k) && result.issues.push(keyIssues.get(k));
  }
  let merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  return result.value = merged.data, result;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  let memo2 = globalConfig.memoizer;
  memo2?.attach(inst), inst._zod.parse = (payload, ctx) => {
    let input = payload.value;
    if (!isPlainObject(input))
      return payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input,
        inst
      }), payload;
    let proms = [], values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let recordKeys = /* @__PURE__ */ new Set();
      for (let key of values)
        if (typeof key == "string" || typeof key == "number" || typeof key == "symbol") {
          if (recordKeys.add(typeof key == "number" ? key.toString() : key), key === "__proto__")
            continue;
          let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          if (keyResult instanceof Promise)
            throw new Error("Async schemas not supported in object keys currently");
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
            continue;
          }
          let outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          let result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
          result instanceof Promise ? proms.push(result.then((result2) => {
            result2.issues.length && payload.issues.push(...prefixIssues(key, result2.issues)), payload.value[outKey] = result2.value;
          })) : (result.issues.length && payload.issues.push(...prefixIssues(key, result.issues)), payload.value[outKey] = result.value);
        }
      let unrecognized;
      for (let key in input)
        if (!recordKeys.has(key))
          if (def.mode === "loose") {
            if (key === "__proto__")
              continue;
            payload.value[key] = input[key];
          } else
            unrecognized = unrecognized ?? [], unrecognized.push(key);
      unrecognized && unrecognized.length > 0 && payload.issues.push({
        code: "unrecognized_keys",
        input,
        inst,
        keys: unrecognized,
        continue: !0
      });
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (let key of Reflect.ownKeys(input)) {
        if (key === "__proto__" || !Object.prototype.propertyIsEnumerable.call(input, key))
          continue;
        let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
        if (keyResult instanceof Promise)
          throw new Error("Async schemas not supported in object keys currently");
        if (typeof key == "string" && number.test(key) && keyResult.issues.length) {
          let retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
          if (retryResult instanceof Promise)
            throw new Error("Async schemas not supported in object keys currently");
          retryResult.issues.length === 0 && (keyResult = retryResult);
        }
        if (keyResult.issues.length) {
          def.mode === "loose" ? payload.value[key] = input[key] : values ? (unrecognized = unrecognized ?? [], unrecognized.push(key)) : payload.issues.push({
            code: "invalid_key",
            origin: "record",
            issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
            input: key,
            path: [key],
            inst
          });
          continue;
        }
        let outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        let result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
        result instanceof Promise ? proms.push(result.then((result2) => {
          result2.issues.length && payload.issues.push(...prefixIssues(key, result2.issues)), payload.value[outKey] = result2.value;
        })) : (result.issues.length && payload.issues.push(...prefixIssues(key, result.issues)), payload.value[outKey] = result.value);
      }
      unrecognized && unrecognized.length > 0 && payload.issues.push({
        code: "unrecognized_keys",
        input,
        inst,
        keys: unrecognized,
        continue: !0
      });
    }
    return proms.length ? Promise.all(proms).then(() => payload) : payload;
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  let values = getEnumValues(def.entries), valuesSet = new Set(values);
  inst._zod.values = valuesSet, defineLazyInternal(inst, "pattern", (zod) => {
    let patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  }), inst._zod.parse = (payload, _ctx) => {
    let input = payload.value;
    return valuesSet.has(input) || payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    }), payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.optin = "optional", globalConfig.memoizer?.guard(inst), inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward")
      throw new $ZodEncodeError(inst.constructor.name);
    let _out = def.transform(payload.value, payload);
    if (ctx.async)
      return (_out instanceof Promise ? _out : Promise.resolve(_out)).then((output2) => (payload.value = output2, payload));
    if (_out instanceof Promise)
      throw new $ZodAsyncError();
    return payload.value = _out, payload;
  };
});
function handleOptionalResult(payload, result) {
  return payload.value = result.issues.length ? void 0 : result.value, payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional"), inst._zod.optout = "optional", defineLazyInternal(inst, "values", (zod) => {
    let values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  }), defineLazyInternal(inst, "pattern", (zod) => {
    let pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  }), inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      let result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      return result instanceof Promise ? result.then((result2) => handleOptionalResult(payload, result2)) : handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
}), $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def), defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values), defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern), inst._zod.parse = (payload, ctx) => def.innerType._zod.run(payload, ctx);
}), $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin), defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout), defineLazyInternal(inst, "pattern", (zod) => {
    let pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
  }), defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0), inst._zod.parse = (payload, ctx) => payload.value === null ? payload : def.innerType._zod.run(payload, ctx);
}), $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.optin = "defaulted", defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values), inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward")
      return def.innerType._zod.run(payload, ctx);
    if (payload.value === void 0)
      return payload.value = def.defaultValue, payload;
    let result = def.innerType._zod.run(payload, ctx);
    return result instanceof Promise ? result.then((result2) => handleDefaultResult(result2, def)) : handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  return payload.value === void 0 && (payload.value = def.defaultValue), payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def), inst._zod.optin = "defaulted", defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values), inst._zod.parse = (payload, ctx) => (ctx.direction === "backward" || payload.value === void 0 && (payload.value = def.defaultValue), def.innerType._zod.run(payload, ctx));
}), $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "values", (zod) => {
    let v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  }), inst._zod.parse = (payload, ctx) => {
    let result = def.innerType._zod.run(payload, ctx);
    return result instanceof Promise ? result.then((result2) => handleNonOptionalResult(result2, inst)) : handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  return !payload.issues.length && payload.value === void 0 && payload.issues.push({
    code: "invalid_type",
    expected: "nonoptional",
    input: payload.value,
    inst
  }), payload;
}
function handleCatchResult(payload, result, def, ctx) {
  return result.issues.length ? (payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  }), payload) : (payload.value = result.value, result.memo && (payload.memo = !0), payload);
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional"), defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout), defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values), inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward")
      return def.innerType._zod.run(payload, ctx);
    let result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    return result instanceof Promise ? result.then((result2) => handleCatchResult(payload, result2, def, ctx)) : handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values), defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin), defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout), defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues), inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      let right = def.out._zod.run(payload, ctx);
      return right instanceof Promise ? right.then((right2) => handlePipeResult(right2, def.in, ctx)) : handlePipeResult(right, def.in, ctx);
    }
    let left = def.in._zod.run(payload, ctx);
    return left instanceof Promise ? left.then((left2) => handlePipeResult(left2, def.out, ctx)) : handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  return left.issues.some((iss) => iss.code !== "unrecognized_keys") ? (left.aborted = !0, left) : next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def), defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues), defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values), defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin), defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout), inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward")
      return def.innerType._zod.run(payload, ctx);
    let result = def.innerType._zod.run(payload, ctx);
    return result instanceof Promise ? result.then(handleReadonlyResult) : handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  return payload.memo || (payload.value = Object.freeze(payload.value)), payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def), $ZodType.init(inst, def), inst._zod.parse = (payload, _) => payload, inst._zod.check = (payload) => {
    let input = payload.value, r = def.fn(input);
    if (r instanceof Promise)
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    handleRefineResult(r, payload, input, inst);
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    let _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    inst._zod.def.params && (_iss.params = inst._zod.def.params), payload.issues.push(issue(_iss));
  }
}

// ../../main/node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super("Cannot parse a reference cycle that closes through a transform"), this.name = "ZodCyclicError";
  }
}, STATE = "~memo", NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value == "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap(), NONE = 0, ASSUMED = 1, PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  let cached2 = recursive.get(inst);
  if (cached2 !== void 0)
    return cached2 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE, check = (child) => {
    if (result !== PROVEN && child?._zod) {
      let answer = isRecursive(child, stack, resolve);
      answer > result && (result = answer);
    }
  }, shape = (sh, spread) => {
    let answer = NONE;
    for (let key of Reflect.ownKeys(sh)) {
      let desc = Object.getOwnPropertyDescriptor(sh, key);
      if (spread && !desc.enumerable)
        continue;
      let child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
      child > answer && (answer = child);
    }
    return answer;
  }, merge2 = (answer) => {
    answer > result && (result = answer);
  }, def = inst._zod.def, kind = def.type;
  switch (kind) {
    case "object": {
      let raw = rawShape(def);
      merge2(raw ? shape(raw, !0) : ASSUMED), check(def.catchall);
      break;
    }
    case "array":
      check(def.element);
      break;
    case "tuple":
      for (let el of def.items)
        check(el);
      check(def.rest);
      break;
    case "record":
    case "map":
      check(def.keyType), check(def.valueType);
      break;
    case "set":
      check(def.valueType);
      break;
    case "union":
      for (let el of def.options)
        check(el);
      break;
    case "intersection":
      check(def.left), check(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check(def.innerType);
      break;
    case "pipe":
      check(def.in), check(def.out);
      break;
    case "function":
      check(def.input), check(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      let inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, !1) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default:
      for (let key in def) {
        let desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get)
          continue;
        let value = desc.value;
        if (!(!value || typeof value != "object")) {
          if (value._zod)
            check(value);
          else if (Array.isArray(value))
            for (let el of value)
              check(el);
        }
      }
  }
  return stack.delete(inst), settle(inst, result);
}
function settle(inst, answer) {
  return answer !== ASSUMED && recursive.set(inst, answer === PROVEN), answer;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  return bucket || (bucket = /* @__PURE__ */ new WeakMap(), state.buckets.set(inst, bucket)), bucket;
}
var handoff, open = [], memo = {
  alloc(_inst, payload, empty) {
    let bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    let entry = { value: empty, issues: null };
    return bucket.set(payload.value, entry), open.push(entry), empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []), inst._zod.deferred.push(() => {
      let base = inst._zod.parse, wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped, inst._zod.run === base && (inst._zod.run = wrapped);
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst, rechecked = !1, lastCtx, lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []), inst._zod.deferred.push(() => {
      let base = inst._zod.parse, wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          let walked = isRecursive(inst, /* @__PURE__ */ new Set(), !1);
          if (walked === NONE)
            return inst._zod.parse = base, inst._zod.run === wrapped && (inst._zod.run = base), base(payload, ctx);
          walked === PROVEN || rechecked ? isRecursiveInst = !0 : rechecked = !0;
        }
        let input = payload.value;
        if (!isRef(input))
          return base(payload, ctx);
        let state = ctx[STATE];
        state || (state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 }, ctx[STATE] = state);
        let bucket;
        lastCtx === ctx ? bucket = lastBucket : (bucket = bucketFor(state, inst), lastCtx = ctx, lastBucket = bucket);
        let hit = bucket.get(input);
        if (hit)
          return payload.value = hit.value, hit.issues ? hit.issues.length && payload.issues.push(...cloneIssues(hit.issues)) : (payload.memo = !0, state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet()), state.backEdges.add(hit.value)), payload;
        handoff = bucket;
        let depth = open.length, result = base(payload, ctx);
        handoff = void 0;
        let entry = open.length > depth ? open.pop() : void 0;
        return result instanceof Promise ? result.then((r) => (entry && (entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES), r)) : (entry && (entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES), result);
      };
      inst._zod.parse = wrapped, inst._zod.run === base && (inst._zod.run = wrapped);
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  let backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// ../../main/node_modules/zod/v4/locales/en.js
var error = () => {
  let Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  let FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  }, TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input) {
    return type === "number" && typeof input == "number" && !Number.isFinite(input) ? String(input) : TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        let expected = getTypeName(issue2.expected), receivedType = parsedType(issue2.input), received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        return issue2.values.length === 1 ? `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}` : `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        let adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<", sizing = getSizing(issue2.origin);
        return sizing ? `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}` : `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        let adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">", sizing = getSizing(issue2.origin);
        return sizing ? `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}` : `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        let _issue = issue2;
        return _issue.format === "starts_with" ? `Invalid string: must start with "${_issue.prefix}"` : _issue.format === "ends_with" ? `Invalid string: must end with "${_issue.suffix}"` : _issue.format === "includes" ? `Invalid string: must include "${_issue.includes}"` : _issue.format === "regex" ? `Invalid string: must match pattern ${_issue.pattern}` : `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        return issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0 ? `Invalid discriminator value. Expected ${issue2.options.map((o) => `'${o}'`).join(" | ")}` : issue2.inclusive === !1 ? "Invalid input: more than one option matched" : "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return "Invalid input";
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// ../../main/node_modules/zod/v4/core/registries.js
var _a2;
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap(), this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    let meta2 = _meta[0];
    return this._map.set(schema, meta2), meta2 && typeof meta2 == "object" && "id" in meta2 && this._idmap.set(meta2.id, schema), this;
  }
  clear() {
    return this._map = /* @__PURE__ */ new WeakMap(), this._idmap = /* @__PURE__ */ new Map(), this;
  }
  remove(schema) {
    let meta2 = this._map.get(schema);
    return meta2 && typeof meta2 == "object" && "id" in meta2 && this._idmap.delete(meta2.id), this._map.delete(schema), this;
  }
  get(schema) {
    let p = schema._zod.parent;
    if (p) {
      let pm = { ...this.get(p) ?? {} };
      delete pm.id;
      let f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// ../../main/node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  return def.checks && (def.checks = [...def.checks]), def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: !1,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: !1,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: !1,
    local: !1,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: !1,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _undefined2(Class2, params) {
  return new Class2({
    type: "undefined",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _null2(Class2, params) {
  return new Class2({
    type: "null",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _date(Class2, params) {
  return new Class2({
    type: "date",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: !1
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: !0
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: !1
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: !0
  });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  return new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  return new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  let ch = /* @__PURE__ */ _check((payload) => (payload.addIssue = (issue2) => {
    if (typeof issue2 == "string")
      payload.issues.push(issue(issue2, payload.value, ch._zod.def));
    else {
      let _issue = issue2;
      _issue.fatal && (_issue.continue = !1), _issue.code ?? (_issue.code = "custom"), "input" in _issue || (_issue.input = payload.value), _issue.inst ?? (_issue.inst = ch), _issue.continue ?? (_issue.continue = !ch._zod.def.abort), payload.issues.push(issue(_issue));
    }
  }, fn(payload.value, payload)), params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  let ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  return ch._zod.check = fn, ch;
}

// ../../main/node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (let source of sources)
    for (let key of Reflect.ownKeys(source))
      Object.prototype.propertyIsEnumerable.call(source, key) && assignProp(target, key, source[key]);
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  return target === "draft-4" && (target = "draft-04"), target === "draft-7" && (target = "draft-07"), {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json, params, message) {
  let result = typeof ctx.unrepresentable == "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message }) : ctx.unrepresentable;
  if (result === "any")
    return !1;
  if (result === void 0 || result === "throw")
    throw new Error(message);
  return Object.assign(json, result), !0;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  let def = schema._zod.def, seen = ctx.seen.get(schema);
  if (seen)
    return seen.count++, _params.schemaPath.includes(schema) && (seen.cycle = _params.path), seen.schema;
  let result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result), ctx.sharedDefsExtractedFor = void 0, ctx.sharedEmitDoneFor = void 0;
  let overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema)
    result.schema = overrideSchema;
  else {
    let params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema)
      schema._zod.processJSONSchema(ctx, result.schema, params);
    else {
      let _json = result.schema, processor = ctx.processors[def.type];
      if (!processor)
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      processor(schema, ctx, _json, params);
    }
    let parent = schema._zod.parent;
    parent && (result.ref || (result.ref = parent), processSchema(parent, ctx, params), ctx.seen.get(parent).isParent = !0);
  }
  let meta2 = ctx.metadataRegistry.get(schema);
  return meta2 && assignProps(result.schema, meta2), ctx.io === "input" && isTransforming(schema) && (delete result.schema.examples, delete result.schema.default), ctx.io === "input" && "_prefault" in result.schema && ((_a3 = result.schema).default ?? (_a3.default = result.schema._prefault)), delete result.schema._prefault, ctx.seen.get(schema).schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  let root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  let idToSchema = /* @__PURE__ */ new Map();
  for (let entry of ctx.seen.entries()) {
    let id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      let existing = idToSchema.get(id);
      if (existing && existing !== entry[0])
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      idToSchema.set(id, entry[0]);
    }
  }
  let makeURI = (entry) => {
    let defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      let externalId = ctx.external.registry.get(entry[0])?.id, uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId)
        return { ref: uriGenerator(externalId) };
      let id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
      return entry[1].defId = id, { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    let uriPrefix = "#", defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry[1] === root && !entry[1].schema.id)
      return { ref: uriPrefix };
    let defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  }, extractToDef = (entry) => {
    if (entry[1].schema.$ref)
      return;
    let seen = entry[1], { ref, defId } = makeURI(entry);
    seen.def = { ...seen.schema }, defId && (seen.defId = defId);
    let schema2 = seen.schema;
    for (let key in schema2)
      delete schema2[key];
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw")
    for (let entry of ctx.seen.entries()) {
      let seen = entry[1];
      if (seen.cycle)
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
    }
  for (let entry of ctx.seen.entries()) {
    let seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      let ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    if (ctx.metadataRegistry.get(entry[0])?.id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    seen.count > 1 && ctx.reused === "ref" && extractToDef(entry);
  }
  ctx.external && (ctx.sharedDefsExtractedFor = ctx.external);
}
function compactTypeUnion(schema) {
  let options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  let types = [];
  for (let option of options) {
    if (!option || typeof option != "object")
      return;
    compactTypeUnion(option);
    let keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    let type = option.type;
    for (let member of Array.isArray(type) ? type : [type]) {
      if (typeof member != "string")
        return;
      types.includes(member) || types.push(member);
    }
  }
  delete schema.anyOf, schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]), UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  let extra = member.additionalProperties;
  return extra === void 0 || extra === !1 || typeof extra != "object" || extra === null ? null : Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  let objects = [];
  for (let member of members2) {
    if (typeof member != "object" || member.type !== "object")
      return null;
    for (let key in member)
      if (!FOLDABLE_KEYS.has(key))
        return null;
    objects.push(member);
  }
  let properties = {}, required2 = /* @__PURE__ */ new Set();
  for (let object2 of objects) {
    for (let key in object2.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        continue;
      let parts = [];
      for (let other of objects) {
        let part = other.properties?.[key] ?? undeclaredConstraint(other);
        part != null && (parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)) || parts.push(part));
      }
      let merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key, merged);
    }
    for (let key of object2.required ?? [])
      required2.add(key);
  }
  let folded = { type: "object", properties };
  if (required2.size && (folded.required = [...required2]), objects.every((object2) => object2.additionalProperties === !1))
    folded.additionalProperties = !1;
  else {
    let constraints = [];
    for (let object2 of objects) {
      let constraint = undeclaredConstraint(object2);
      constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)) && constraints.push(constraint);
    }
    constraints.length === 1 ? folded.additionalProperties = constraints[0] : constraints.length > 1 && (folded.additionalProperties = { allOf: constraints });
  }
  return folded;
}
function foldIntersection(json) {
  let allOf = json.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (let key of FOLDABLE_KEYS)
    if (key in json)
      return;
  let unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k]))), folded = null;
  if (!unions.length)
    folded = foldObjects(allOf);
  else {
    let union2 = unions[0], keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1)
      return;
    let rest = allOf.filter((m) => m !== union2), branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  folded && (delete json.allOf, assignProps(json, folded));
}
function finalize(ctx, schema) {
  let root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  let flattenRef = (zodSchema) => {
    let seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    let schema2 = seen.def ?? seen.schema, _cached = { ...schema2 }, ref = seen.ref;
    if (seen.ref = null, ref) {
      flattenRef(ref);
      let refSeen = ctx.seen.get(ref), refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0") ? (schema2.allOf = schema2.allOf ?? [], schema2.allOf.push(refSchema)) : assignProps(schema2, refSchema), assignProps(schema2, _cached), zodSchema._zod.parent === ref)
        for (let key in schema2)
          key === "$ref" || key === "allOf" || key in _cached || delete schema2[key];
      if (refSchema.$ref && refSeen.def)
        for (let key in schema2)
          key === "$ref" || key === "allOf" || key in refSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key]) && delete schema2[key];
    }
    let parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      let parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref && (schema2.$ref = parentSeen.schema.$ref, parentSeen.def))
        for (let key in schema2)
          key === "$ref" || key === "allOf" || key in parentSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key]) && delete schema2[key];
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (let entry of [...ctx.seen.entries()].reverse())
      flattenRef(entry[0]);
    if (ctx.target !== "openapi-3.0")
      for (let entry of ctx.seen.entries())
        compactTypeUnion(entry[1].def ?? entry[1].schema);
    for (let rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      let carriers = /* @__PURE__ */ new Map();
      for (let seen of ctx.seen.values())
        for (let json of [seen.schema, seen.def]) {
          let allOf = json?.allOf;
          if (!Array.isArray(allOf))
            continue;
          let existing = carriers.get(allOf);
          existing ? existing.push(json) : carriers.set(allOf, [json]);
        }
      for (let allOf of ctx.intersections)
        for (let json of carriers.get(allOf) ?? [])
          foldIntersection(json);
    }
  }
  let result = {};
  if (ctx.target === "draft-2020-12" ? result.$schema = "https://json-schema.org/draft/2020-12/schema" : ctx.target === "draft-07" ? result.$schema = "http://json-schema.org/draft-07/schema#" : ctx.target === "draft-04" ? result.$schema = "http://json-schema.org/draft-04/schema#" : ctx.target, ctx.external?.uri) {
    let id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  let rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  rootMetaId !== void 0 && result.id === rootMetaId && delete result.id;
  let defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external)
    for (let entry of ctx.seen.entries()) {
      let seen = entry[1];
      seen.def && seen.defId && (seen.def.id === seen.defId && delete seen.def.id, assignProp(defs, seen.defId, seen.def));
    }
  ctx.external && (ctx.sharedEmitDoneFor = ctx.external), ctx.external || Object.keys(defs).length > 0 && (ctx.target === "draft-2020-12" ? result.$defs = defs : result.definitions = defs);
  try {
    let finalized = JSON.parse(JSON.stringify(result));
    return Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: !1,
      writable: !1
    }), finalized;
  } catch {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  let ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return !1;
  ctx.seen.add(_schema);
  let def = _schema._zod.def;
  if (def.type === "transform")
    return !0;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch")
    return isTransforming(def.innerType, ctx);
  if (def.type === "intersection")
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  if (def.type === "record" || def.type === "map")
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  if (def.type === "pipe")
    return _schema._zod.traits.has("$ZodCodec") ? !0 : isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  if (def.type === "object") {
    for (let key in def.shape)
      if (isTransforming(def.shape[key], ctx))
        return !0;
    return !1;
  }
  if (def.type === "union") {
    for (let option of def.options)
      if (isTransforming(option, ctx))
        return !0;
    return !1;
  }
  if (def.type === "tuple") {
    for (let item of def.items)
      if (isTransforming(item, ctx))
        return !0;
    return !!(def.rest && isTransforming(def.rest, ctx));
  }
  return !1;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  let ctx = initializeContext({ ...params, processors });
  return processSchema(schema, ctx), extractDefs(ctx, schema), finalize(ctx, schema);
}, createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  let { libraryOptions, target } = params ?? {}, ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  return processSchema(schema, ctx), extractDefs(ctx, schema), finalize(ctx, schema);
};

// ../../main/node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key, value) => {
  (agg[key] === void 0 || value > agg[key]) && (agg[key] = value);
}, narrowMax = (agg, key, value) => {
  (agg[key] === void 0 || value < agg[key]) && (agg[key] = value);
}, narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value), narrowMax(agg, "maximum", value);
}, addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []), agg.multipleOf.includes(value) || agg.multipleOf.push(value);
}, addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set()), agg.patterns.add(pattern);
}, intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
}, setFormat = (agg, format) => {
  agg.format = format, format.includes("int") && (agg.isInt = !0);
}, minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum), maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum), formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  let [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum), narrowMax(agg, "maximum", maximum);
}, contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format), def.pattern && addPattern(agg, def.pattern), (def.format === "base64" || def.format === "base64url") && (agg.contentEncoding = def.format), (def.local || def.precision === -1) && (agg.laxFormat = !0);
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  let agg = {}, def = schema._zod.def, list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (let ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  let bag = schema._zod.bag;
  bag.minimum !== void 0 && narrowMin(agg, "minimum", bag.minimum), bag.exclusiveMinimum !== void 0 && narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum), bag.maximum !== void 0 && narrowMax(agg, "maximum", bag.maximum), bag.exclusiveMaximum !== void 0 && narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum), bag.multipleOf !== void 0 && addDivisor(agg, bag.multipleOf), bag.format !== void 0 && (agg.format ?? (agg.format = bag.format), bag.format.includes("int") && (agg.isInt = !0)), bag.mime && intersectMime(agg, bag.mime);
  for (let pattern of bag.patterns ?? [])
    addPattern(agg, pattern);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
}, exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]), exactPattern = (p) => exactPatterns.get(p) ?? p, stringProcessor = (schema, ctx, _json, _params) => {
  let json = _json;
  json.type = "string";
  let { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum == "number" && (json.minLength = minimum), typeof maximum == "number" && (json.maxLength = maximum), format && (json.format = formatMap[format] ?? format, json.format === "" && delete json.format, (format === "time" || laxFormat) && delete json.format), contentEncoding && (json.contentEncoding = contentEncoding), patterns && patterns.size > 0) {
    let patternList = [...patterns].map(exactPattern);
    patternList.length === 1 ? json.pattern = patternList[0].source : patternList.length > 1 && (json.allOf = [
      ...patternList.map((regex) => ({
        ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
        pattern: regex.source
      }))
    ]);
  }
}, numberProcessor = (schema, ctx, _json, params) => {
  let json = _json, { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json.type = isInt ? "integer" : "number";
  let exMin = typeof exclusiveMinimum == "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY), exMax = typeof exclusiveMaximum == "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY), legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin ? legacy ? (json.minimum = exclusiveMinimum, json.exclusiveMinimum = !0) : json.exclusiveMinimum = exclusiveMinimum : typeof minimum == "number" && (json.minimum = minimum), exMax ? legacy ? (json.maximum = exclusiveMaximum, json.exclusiveMaximum = !0) : json.exclusiveMaximum = exclusiveMaximum : typeof maximum == "number" && (json.maximum = maximum), multipleOf) {
    let divisors = /* @__PURE__ */ new Set();
    for (let divisor of multipleOf)
      Number.isFinite(divisor) && divisor !== 0 ? divisors.add(Math.abs(divisor)) : handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    let [first, ...rest] = divisors;
    first !== void 0 && (json.multipleOf = first), rest.length && (json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))]);
  }
}, booleanProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var nullProcessor = (_schema, ctx, json, _params) => {
  ctx.target === "openapi-3.0" ? (json.type = "string", json.nullable = !0, json.enum = [null]) : json.type = "null";
}, undefinedProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
var neverProcessor = (_schema, _ctx, json, _params) => {
  json.not = {};
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
}, dateProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
}, enumProcessor = (schema, _ctx, json, _params) => {
  let def = schema._zod.def, values = getEnumValues(def.entries);
  if (values.length === 0) {
    json.not = {};
    return;
  }
  values.every((v) => typeof v == "number") && (json.type = "number"), values.every((v) => typeof v == "string") && (json.type = "string"), json.enum = values;
};
var customProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  let json = _json, def = schema._zod.def, { minimum, maximum } = aggregateChecks(schema);
  typeof minimum == "number" && (json.minItems = minimum), typeof maximum == "number" && (json.maxItems = maximum), json.type = "array", json.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  let def = schema._zod.def;
  return def.type === "pipe" && def.in._zod.traits.has("$ZodTransform") ? inputOptin(def.out) : def.type === "catch" ? inputOptin(def.innerType) : schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  let json = _json, def = schema._zod.def, shape = def.shape;
  if (Object.getOwnPropertySymbols(shape).length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema"))
    return;
  json.type = "object", json.properties = {};
  for (let key in shape)
    assignProp(json.properties, key, processSchema(shape[key], ctx, {
      ...params,
      path: [...params.path, "properties", key]
    }));
  let requiredKeys = [];
  for (let key of Object.keys(shape)) {
    let field = def.shape[key];
    (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) && requiredKeys.push(key);
  }
  requiredKeys.length > 0 && (json.required = requiredKeys), def.catchall?._zod.def.type === "never" ? json.additionalProperties = !1 : def.catchall ? def.catchall && (json.additionalProperties = processSchema(def.catchall, ctx, {
    ...params,
    path: [...params.path, "additionalProperties"]
  })) : ctx.io === "output" && (json.additionalProperties = !1);
}, unionProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def, isExclusive = def.inclusive === !1, options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  isExclusive ? json.oneOf = options : json.anyOf = options;
}, intersectionProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def, a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  }), b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  }), isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1, allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json.allOf = allOf, ctx.intersections.push(allOf);
};
function stringifyKeyNames(bySchema, json, visited) {
  if (json.$ref) {
    if (visited.has(json))
      return json;
    visited.add(json);
    let def = bySchema.get(json)?.def;
    if (!def)
      return json;
    let inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json : inlined;
  }
  for (let keyword of ["anyOf", "oneOf"]) {
    let branches = json[keyword];
    if (!Array.isArray(branches))
      continue;
    let mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    mapped.some((branch, i) => branch !== branches[i]) && (json = { ...json, [keyword]: mapped });
  }
  let types = Array.isArray(json.type) ? json.type : [json.type], numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer"), values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v == "number"))
    return json;
  let { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json;
  return rest.enum ? rest.enum = rest.enum.map((v) => typeof v == "number" ? String(v) : v) : typeof rest.const == "number" && (rest.const = String(rest.const)), numericType && (rest.type = "string", values || (rest.pattern = (types.includes("number") ? number : integer).source)), rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  let bySchema = /* @__PURE__ */ new Map();
  for (let entry of ctx.seen.values())
    entry.def && !bySchema.has(entry.schema) && bySchema.set(entry.schema, entry);
  let rewrites = /* @__PURE__ */ new Map();
  for (let record2 of pendingRecords.get(ctx) ?? []) {
    let seen = ctx.seen.get(record2), names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === !0 || rewrites.has(names))
      continue;
    let rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    rewritten !== names && rewrites.set(names, rewritten);
  }
  if (rewrites.size)
    for (let entry of ctx.seen.values())
      for (let carrier of [entry.schema, entry.def]) {
        let rewritten = carrier && rewrites.get(carrier.propertyNames);
        rewritten && (carrier.propertyNames = rewritten);
      }
}
var recordProcessor = (schema, ctx, _json, params) => {
  let json = _json, def = schema._zod.def;
  json.type = "object";
  let keyType = def.keyType, patterns = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns && patterns.size > 0) {
    let valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json.patternProperties = {};
    for (let pattern of patterns)
      assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      pending || (pending = [], pendingRecords.set(ctx, pending), ctx.deferred.push(() => rewriteKeyNames(ctx))), pending.push(schema);
    }
    json.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  let keyValues = keyType._zod.values, omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    let validKeyValues = [...keyValues].filter((v) => typeof v == "string" || typeof v == "number");
    validKeyValues.length > 0 && (json.required = validKeyValues.map(String));
  }
}, nullableProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def, inner = processSchema(def.innerType, ctx, params), seen = ctx.seen.get(schema);
  ctx.target === "openapi-3.0" ? (seen.ref = def.innerType, json.nullable = !0) : json.anyOf = [inner, { type: "null" }];
}, nonoptionalProcessor = (schema, ctx, _json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
}, UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
  let unrepresentable = !1, serialized = JSON.stringify(value, (_, val) => typeof val != "bigint" ? val : (unrepresentable = !0, null));
  return unrepresentable ? (handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema"), UNREPRESENTABLE_DEFAULT) : JSON.parse(serialized);
}
var defaultProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  value !== UNREPRESENTABLE_DEFAULT && (json.default = value);
}, prefaultProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  if (seen.ref = def.innerType, ctx.io !== "input")
    return;
  let value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  value !== UNREPRESENTABLE_DEFAULT && (json._prefault = value);
}, catchProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json.default = catchValue;
}, pipeProcessor = (schema, ctx, _json, params) => {
  let def = schema._zod.def, inIsTransform = def.in._zod.traits.has("$ZodTransform"), innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = innerType;
}, readonlyProcessor = (schema, ctx, json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = def.innerType, json.readOnly = !0;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  let def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  let seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};

// ../../main/node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: !0,
    enumerable: !1,
    get() {
      let value = make(this);
      return Object.defineProperty(this, key, { value, configurable: !0, writable: !0 }), value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: !0, writable: !0 });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues), inst.name = "ZodError";
  let proto = Object.getPrototypeOf(inst);
  _installedErrorProtos.has(proto) || (_installedErrorProtos.add(proto), _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper)), _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper)), _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2), self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  }), _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2), self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  }), Object.defineProperty(proto, "isEmpty", {
    configurable: !0,
    enumerable: !1,
    get() {
      return this.issues.length === 0;
    }
  }));
};
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// ../../main/node_modules/zod/v4/classic/parse.js
var parse = /* @__PURE__ */ _parse(ZodRealError), parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError), safeParse = /* @__PURE__ */ _safeParse(ZodRealError), safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError), encode = /* @__PURE__ */ _encode(ZodRealError), decode = /* @__PURE__ */ _decode(ZodRealError), encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError), decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError), safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError), safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError), safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError), safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// ../../main/node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  globalConfig.localeError || config(en_default());
}
function _ensureDefaultMemoizer() {
  globalConfig.memoizer || config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => (_ensureDefaultLocale(), $ZodType.init(inst, def), inst.def = def, inst.type = def.type, inst), {
  check(...chks) {
    let def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch == "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: !0 });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    return reg.add(this, meta2), this;
  },
  refine(check, params) {
    return this.check(refine(check, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    let cl = this.clone();
    return globalRegistry.add(cl, { description }), cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    let cl = this.clone();
    return globalRegistry.add(cl, args[0]), cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
}), _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
), ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def), _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def), _ZodString.init(inst, def);
}), ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def), ZodStringFormat.init(inst, def);
}), ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def), ZodStringFormat.init(inst, def);
}), ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def), ZodStringFormat.init(inst, def);
}), ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def), ZodStringFormat.init(inst, def);
}), ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def), ZodStringFormat.init(inst, def);
});
function email2(params) {
  return _email(ZodEmail, params);
}
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def), ZodStringFormat.init(inst, def);
});
function guid2(params) {
  return _guid(ZodGUID, params);
}
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def), ZodStringFormat.init(inst, def);
});
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params), inst.isFinite = !0;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      let { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      let { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      let { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def), ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodUndefined = /* @__PURE__ */ $constructor("ZodUndefined", (inst, def) => {
  $ZodUndefined.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => undefinedProcessor(inst, ctx, json, params);
});
function _undefined3(params) {
  return _undefined2(ZodUndefined, params);
}
var ZodNull = /* @__PURE__ */ $constructor("ZodNull", (inst, def) => {
  $ZodNull.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => nullProcessor(inst, ctx, json, params);
});
function _null3(params) {
  return _null2(ZodNull, params);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodDate = /* @__PURE__ */ $constructor(
  "ZodDate",
  (inst, def) => {
    $ZodDate.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => dateProcessor(inst, ctx, json, params), inst.min = (value, params) => inst.check(_gte(value, params)), inst.max = (value, params) => inst.check(_lte(value, params));
  },
  /* @__PURE__ */ util_exports.derived({
    minDate: (inst) => {
      let { minimum } = aggregateChecks(inst);
      return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
      let { maximum } = aggregateChecks(inst);
      return maximum ? new Date(maximum) : null;
    }
  }, {})
);
function date2(params) {
  return _date(ZodDate, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer(), $ZodArray.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params), inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer(), $ZodObjectJIT.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params), util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, !1);
}, {
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object(shape, params) {
  let def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function strictObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: never(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params), inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer(), $ZodRecord.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params), inst.keyType = def.keyType, inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  return !valueType || !valueType._zod ? new ZodRecord({
    type: "record",
    keyType: string2(),
    valueType: keyType,
    ...util_exports.normalizeParams(valueType)
  }) : new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params), inst.enum = def.entries, inst.options = [...inst._zod.values];
  let keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    let newEntries = {};
    for (let value of values)
      if (keys.has(value))
        newEntries[value] = def.entries[value];
      else
        throw new Error(`Key ${value} not found in enum`);
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  }, inst.exclude = (values, params) => {
    let newEntries = { ...def.entries };
    for (let value of values)
      if (keys.has(value))
        delete newEntries[value];
      else
        throw new Error(`Key ${value} not found in enum`);
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum(values, params) {
  let entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer(), $ZodTransform.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params), inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward")
      throw new $ZodEncodeError(inst.constructor.name);
    payload.addIssue = (issue2) => {
      if (typeof issue2 == "string")
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      else {
        let _issue = issue2;
        _issue.fatal && (_issue.continue = !1), _issue.code ?? (_issue.code = "custom"), "input" in _issue || (_issue.input = payload.value), _issue.inst ?? (_issue.inst = inst), payload.issues.push(util_exports.issue(_issue));
      }
    };
    let output = def.transform(payload.value, payload);
    return output instanceof Promise ? output.then((output2) => (payload.value = output2, payload)) : (payload.value = output, payload);
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType, inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue == "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue == "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType, inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue == "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params), inst.in = def.in, inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params), inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def), ZodType.init(inst, def), inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}

// ../../main/node_modules/zod/v4/classic/iso.js
var iso_exports = {};
__export(iso_exports, {
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  date: () => date3,
  datetime: () => datetime2,
  duration: () => duration2,
  time: () => time2
});
function datetime2(params) {
  return _isoDateTime(ZodISODateTime, params);
}
function date3(params) {
  return _isoDate(ZodISODate, params);
}
function time2(params) {
  return _isoTime(ZodISOTime, params);
}
function duration2(params) {
  return _isoDuration(ZodISODuration, params);
}

// dist/chunk-O225OOHY.js
var ClinicError = class extends Error {
  /** `'ClinicError'`: the class name, which survives minification. */
  name = "ClinicError";
};
function withIdempotencyKey(error2, key) {
  return key !== void 0 && error2 instanceof ClinicError && error2.idempotencyKey === void 0 && Object.defineProperty(error2, "idempotencyKey", {
    value: key,
    enumerable: !0,
    writable: !1,
    configurable: !0
  }), error2;
}
var ConfigurationError = class extends ClinicError {
  /** `'ConfigurationError'`: the class name, which survives minification. */
  name = "ConfigurationError";
}, ValidationError = class extends ClinicError {
  /** `'ValidationError'`: the class name, which survives minification. */
  name = "ValidationError";
  /** Field name (dotted for nested fields) → messages; `non_field_errors` for the whole input. */
  fields;
  constructor(fields, what = "the input") {
    super(`Invalid ${what}: ${formatFields(fields)}`), this.fields = fields;
  }
}, ResponseValidationError = class extends ClinicError {
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
    ), this.paths = paths, this.method = method, this.path = path;
  }
}, APIConnectionError = class extends ClinicError {
  /** `'APIConnectionError'`: the class name, which survives minification. */
  name = "APIConnectionError";
  constructor(message = "Connection error: no response was received.", options) {
    super(message, options);
  }
}, APIConnectionTimeoutError = class extends APIConnectionError {
  /** `'APIConnectionTimeoutError'`: the class name, which survives minification. */
  name = "APIConnectionTimeoutError";
  constructor(message = "Request timed out.", options) {
    super(message, options);
  }
}, APIUserAbortError = class extends ClinicError {
  /** `'APIUserAbortError'`: the class name, which survives minification. */
  name = "APIUserAbortError";
  constructor(message = "Request was aborted.", options) {
    super(message, options);
  }
}, ReadBackError = class extends ClinicError {
  /** `'ReadBackError'`: the class name, which survives minification. */
  name = "ReadBackError";
  /** HTTP method of the write that succeeded. */
  method;
  /** URL path of the write that succeeded. */
  path;
  /** The write's 2xx response (its body already read). */
  response;
  constructor(write, readPath, cause) {
    let why = cause instanceof Error ? cause.message : String(cause);
    super(
      `${write.method} ${write.path} succeeded (${write.response.status}), but reading the record back with GET ${readPath} failed: ${why.replace(/\.?$/, ".")} The change was made: do not repeat it; read the record again later.`,
      { cause }
    ), this.method = write.method, this.path = write.path, this.response = write.response;
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
  idempotencyWindowMs: 1440 * 60 * 1e3,
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
    error: (issue2) => issue2.input === void 0 ? "is required" : message
  };
}
var IntegerId = number2(typeError("must be a positive integer id")).int({ error: "must be a positive integer id" }).positive({ error: "must be a positive integer id" }), AppointmentId = guid2(typeError("must be a UUID (the appointment id)")), ResponseDateTime = iso_exports.datetime({
  offset: !0,
  local: !0,
  error: "must be an ISO 8601 date-time"
}), START_AT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;
function parseStartAt(value) {
  let m = START_AT_PATTERN.exec(value);
  if (!m) return;
  let [, y, mo, d, h, mi, s, frac, zone] = m, parts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s === void 0 ? 0 : Number(s),
    zone
  };
  return frac !== void 0 && /[1-9]/.test(frac) && (parts.second = Number.NaN), parts;
}
function zoneOffsetOf(zone) {
  if (zone === "Z") return 0;
  let m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return;
  let hours = Number(m[2]), minutes = Number(m[3]);
  if (!(hours > 23 || minutes > 59))
    return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
function isRealDate(year, month, day) {
  if (month < 1 || month > 12 || day < 1) return !1;
  let last = /* @__PURE__ */ new Date(0);
  return last.setUTCFullYear(year, month, 0), day <= last.getUTCDate();
}
function formatInstant(date22) {
  return `${date22.toISOString().slice(0, 19)}+00:00`;
}
var StartAt = union(
  [string2(), date2()],
  typeError("must be an ISO 8601 date-time string (seconds 00) or a Date")
).superRefine((value, ctx) => {
  if (value instanceof Date) {
    Number.isNaN(value.getTime()) ? ctx.addIssue({ code: "custom", message: "must be a valid Date" }) : value.getUTCFullYear() < 0 || value.getUTCFullYear() > 9999 ? ctx.addIssue({ code: "custom", message: "must be a Date in the years 0000 to 9999" }) : (value.getUTCSeconds() !== 0 || value.getUTCMilliseconds() !== 0) && ctx.addIssue({ code: "custom", message: "seconds must be 00" });
    return;
  }
  let parts = parseStartAt(value);
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
  parts.second !== 0 && ctx.addIssue({ code: "custom", message: "seconds must be 00" });
}).transform((value) => value instanceof Date ? formatInstant(value) : value), CPF_FORMAT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
function normalizeCpf(cpf) {
  return cpf.replace(/[.-]/g, "");
}
function cpfCheckDigits(digits) {
  let all = digits.slice(0, 9);
  for (let length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += all[i] * (length + 1 - i);
    all.push(sum * 10 % 11 % 10);
  }
  return [all[9], all[10]];
}
function isValidCpf(cpf) {
  if (!CPF_FORMAT.test(cpf)) return !1;
  let digits = normalizeCpf(cpf);
  if (/^(\d)\1{10}$/.test(digits)) return !1;
  let nums = [...digits].map(Number), [first, second] = cpfCheckDigits(nums);
  return nums[9] === first && nums[10] === second;
}
var Cpf = string2(typeError("must be a string")).max(LIMITS.patientCpfLength, { error: `must be at most ${LIMITS.patientCpfLength} characters` }).refine(isValidCpf, {
  error: "is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)"
}), PatientName = string2(typeError("must be a string")).trim().min(1, { error: "must not be empty" }).max(LIMITS.patientNameLength, {
  error: `must be at most ${LIMITS.patientNameLength} characters`
});
var Phone = string2(typeError("must be a string")).trim().min(1, { error: "must not be empty; send null to erase the phone" }).max(LIMITS.patientPhoneLength, {
  error: `must be at most ${LIMITS.patientPhoneLength} characters`
}), HTML5_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/, Email = email2({
  pattern: HTML5_EMAIL,
  ...typeError("must be an e-mail address such as ana@example.com")
}).max(LIMITS.patientEmailLength, {
  error: `must be at most ${LIMITS.patientEmailLength} characters`
}), BirthDate = iso_exports.date(typeError("must be a date in the form YYYY-MM-DD")), Gender = _enum(["F", "M", "O"], typeError("must be one of F, M, O")), Note = string2(typeError("must be a string")).max(LIMITS.noteLength, { error: `must be at most ${LIMITS.noteLength} characters` }), IdempotencyKey = string2(typeError("must be a string")).min(1, { error: "must not be empty" }).max(LIMITS.idempotencyKeyLength, {
  error: `must be at most ${LIMITS.idempotencyKeyLength} characters`
}).refine((key) => key === "" || EXACT_HEADER_VALUE.test(key), {
  error: "must be text an HTTP header carries unchanged: no line breaks or control characters, nothing beyond Latin-1, no white space at either end (a uuid is a good key)"
}), ListQuery = record(
  string2(),
  union([string2(), number2(), boolean2(), _null3(), _undefined3()])
), AppointmentType = object({
  id: number2().int(),
  name: string2()
}), Professional = object({
  id: number2().int(),
  name: string2(),
  specialty: string2().nullable()
}), Room = object({
  id: number2().int(),
  name: string2()
}), AppointmentModality = _enum(["in_person", "telehealth"]), AppointmentOrigin = _enum(["staff", "patient_booking", "api"]), AppointmentStatus = _enum([
  "requested",
  "scheduled",
  "confirmed",
  "checked_in",
  "completed",
  "no_show",
  "cancelled"
]), AppointmentUpdateStatus = _enum(
  ["scheduled", "confirmed"],
  typeError("must be scheduled or confirmed (the only statuses the API may set)")
), Appointment = object({
  id: AppointmentId.nullable(),
  appointment_type: AppointmentType,
  patient: object({
    id: number2().int(),
    name: string2(),
    phone: string2().nullable()
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
  note: string2().nullable().optional()
}), AppointmentCreateParams = strictObject({
  patient_id: IntegerId,
  professional_id: IntegerId,
  appointment_type_id: IntegerId,
  start_at: StartAt,
  room_id: IntegerId.nullable().optional(),
  note: Note.optional()
}), AppointmentUpdateParams = strictObject({
  start_at: StartAt.optional(),
  professional_id: IntegerId.optional(),
  room_id: IntegerId.nullable().optional(),
  note: Note.optional(),
  status: AppointmentUpdateStatus.optional()
}).refine((body) => Object.values(body).some((v) => v !== void 0), {
  error: "send at least one of start_at, professional_id, room_id, note, status; nothing to change"
});
function readEnv(name) {
  let g = globalThis;
  try {
    let value = g.process?.env?.[name] ?? g.Deno?.env?.get?.(name);
    return value === "" ? void 0 : value;
  } catch {
    return;
  }
}
function isRecord(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
function runtimeName() {
  let g = globalThis;
  return g.Bun?.version ? `bun/${g.Bun.version}` : g.Deno?.version?.deno ? `deno/${g.Deno.version.deno}` : g.process?.versions?.node ? `node/${g.process.versions.node}` : "unknown-runtime";
}
function checkNumber(name, value, min, max, integer2 = !1) {
  if (typeof value != "number" || !Number.isFinite(value) || value < min || value > max || integer2 && !Number.isInteger(value))
    throw new ConfigurationError(
      `${name} must be ${integer2 ? "a whole number" : "a number"} from ${min} to ${max}; got ${String(value)}.`
    );
  return value;
}
record(string2(), array(string2()));
object({
  /** What went wrong, in the service's words. */
  detail: string2()
});
object({
  /** A stable code, such as `slot_blocked`: test for this, not for the wording. */
  code: string2(),
  /** What went wrong, in the service's words. */
  detail: string2()
});
var NON_FIELD_ERRORS = "non_field_errors";
function issuesToFields(issues, prefix) {
  let fields = {}, add = (key, message) => {
    let full = prefix ? key === NON_FIELD_ERRORS ? prefix : `${prefix}.${key}` : key, list = Object.hasOwn(fields, full) ? fields[full] : [];
    list.includes(message) || list.push(message), Object.defineProperty(fields, full, {
      value: list,
      enumerable: !0,
      writable: !0,
      configurable: !0
    });
  };
  for (let issue2 of issues) {
    let path = issue2.path.map(String).join(".");
    if (issue2.code === "unrecognized_keys") {
      for (let key of issue2.keys)
        add(path ? `${path}.${key}` : key, "is not a field this operation accepts");
      continue;
    }
    if (issue2.code === "invalid_union" && issue2.errors.length > 0 && issue2.message === "Invalid input") {
      let inner = issuesToFields(issue2.errors[0] ?? [], path || void 0);
      for (let [k, v] of Object.entries(inner)) for (let m of v) add(k, m);
      continue;
    }
    add(path || NON_FIELD_ERRORS, issue2.message);
  }
  return fields;
}

// dist/chunk-Q4D5ALIS.js
var Patient = object({
  id: number2().int(),
  name: string2(),
  phone: string2().nullable(),
  active: boolean2(),
  created_at: ResponseDateTime,
  updated_at: ResponseDateTime
}), PatientCreateParams = strictObject({
  name: PatientName,
  phone: Phone.optional(),
  email: Email.optional(),
  cpf: Cpf.optional(),
  birth_date: BirthDate.optional(),
  gender: Gender.optional()
}), PatientUpdateParams = strictObject({
  name: PatientName.optional(),
  phone: Phone.nullable().optional(),
  email: Email.nullable().optional(),
  cpf: Cpf.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  gender: Gender.optional()
}).refine((body) => Object.values(body).some((v) => v !== void 0), {
  error: "send at least one of name, phone, email, cpf, birth_date, gender; nothing to change"
}), PatientListParams = object({
  cpf: string2().optional(),
  phone: string2().optional(),
  name: string2().optional()
}).catchall(ListQuery.valueType), SCOPES = [
  "appointments:read",
  "appointments:write",
  "patients:read",
  "patients:write"
], op = (method, path, scope, scopeStated, id) => ({ method, path, scope, scopeStated, ...id ? { id } : {} }), OPERATIONS = {
  listAppointments: op("GET", "/appointments", "appointments:read", !1),
  retrieveAppointment: op("GET", "/appointments/{id}", "appointments:read", !1, "uuid"),
  createAppointment: op("POST", "/appointments", "appointments:write", !0),
  updateAppointment: op("PATCH", "/appointments/{id}", "appointments:write", !1, "uuid"),
  cancelAppointment: op("POST", "/appointments/{id}/cancel", "appointments:write", !1, "uuid"),
  listPatients: op("GET", "/patients", "patients:read", !1),
  retrievePatient: op("GET", "/patients/{id}", "patients:read", !1, "digits"),
  createPatient: op("POST", "/patients", "patients:write", !1),
  updatePatient: op("PATCH", "/patients/{id}", "patients:write", !0, "digits"),
  listProfessionals: op("GET", "/professionals", "appointments:read", !0),
  retrieveProfessional: op("GET", "/professionals/{id}", "appointments:read", !0, "digits"),
  listRooms: op("GET", "/rooms", "appointments:read", !0),
  retrieveRoom: op("GET", "/rooms/{id}", "appointments:read", !0, "digits"),
  listAppointmentTypes: op("GET", "/appointment-types", "appointments:read", !0),
  retrieveAppointmentType: op(
    "GET",
    "/appointment-types/{id}",
    "appointments:read",
    !0,
    "digits"
  )
};
function findOperation(method, path) {
  let upper = method.toUpperCase(), segments = path.split("?")[0].split("/");
  for (let spec of Object.values(OPERATIONS)) {
    if (spec.method !== upper) continue;
    let pattern = spec.path.split("/").slice(1), tail = segments.slice(-pattern.length);
    if (!(segments.length <= pattern.length) && pattern.every((s, i) => s === "{id}" ? tail[i] !== "" : s === tail[i]))
      return spec;
  }
}

// dist/index.js
import ky, { isHTTPError, isTimeoutError, isNetworkError } from "ky";

// ../../main/node_modules/uuid/dist/stringify.js
var byteToHex = [];
for (let i = 0; i < 256; ++i)
  byteToHex.push((i + 256).toString(16).slice(1));
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
  return !buf && !options && crypto.randomUUID ? crypto.randomUUID() : _v4(options, buf, offset);
}
function _v4(options, buf, offset) {
  options = options || {};
  let rnds = options.random ?? options.rng?.() ?? rng();
  if (rnds.length < 16)
    throw new Error("Random bytes length must be >= 16");
  if (rnds[6] = rnds[6] & 15 | 64, rnds[8] = rnds[8] & 63 | 128, buf) {
    if (offset = offset || 0, offset < 0 || offset + 16 > buf.length)
      throw new RangeError(`UUID byte range ${offset}:${offset + 15} is out of buffer bounds`);
    for (let i = 0; i < 16; ++i)
      buf[offset + i] = rnds[i];
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
    let detail = stringMember(init.body, "detail"), code = stringMember(init.body, "code");
    super(message ?? defaultMessage(init, code, detail)), this.status = init.status, this.headers = init.headers, this.body = init.body, this.detail = detail, this.code = code, this.requestId = requestIdFrom(init.headers), this.method = init.method, this.path = init.path, withIdempotencyKey(this, init.idempotencyKey);
  }
}, BadRequestError = class extends APIError {
  /** `'BadRequestError'`: the class name, which survives minification. */
  name = "BadRequestError";
  /** Field name → messages, as the service sent them (strings are wrapped in an array). */
  fields;
  constructor(init) {
    let fields = toFieldErrors(init.body), summary = formatFields(fields);
    super(init, summary ? `400 Bad request: ${summary} (${init.method} ${init.path})` : void 0), this.fields = fields;
  }
}, AuthenticationError = class extends APIError {
  /** `'AuthenticationError'`: the class name, which survives minification. */
  name = "AuthenticationError";
};
function requiredScopeFor(method, path) {
  let operation = findOperation(method, path);
  return operation?.scopeStated ? operation.scope : void 0;
}
var PermissionDeniedError = class extends APIError {
  /** `'PermissionDeniedError'`: the class name, which survives minification. */
  name = "PermissionDeniedError";
  /** The scope the spec says this endpoint needs, when it says (else `undefined`). */
  requiredScope;
  constructor(init) {
    let requiredScope = requiredScopeFor(init.method, init.path), detail = stringMember(init.body, "detail");
    super(
      init,
      requiredScope ? `403 Permission denied${detail ? ` (${detail})` : ""}: this endpoint requires scope ${requiredScope} (spec 5); the key may lack it \u2014 create a key with the Full access preset (${init.method} ${init.path})` : void 0
    ), this.requiredScope = requiredScope;
  }
}, NotFoundError = class extends APIError {
  /** `'NotFoundError'`: the class name, which survives minification. */
  name = "NotFoundError";
}, ConflictError = class extends APIError {
  /** `'ConflictError'`: the class name, which survives minification. */
  name = "ConflictError";
}, SlotBlockedError = class extends ConflictError {
  /** `'SlotBlockedError'`: the class name, which survives minification. */
  name = "SlotBlockedError";
}, RoomRequiredError = class extends ConflictError {
  /** `'RoomRequiredError'`: the class name, which survives minification. */
  name = "RoomRequiredError";
}, PatientCpfExistsError = class extends ConflictError {
  /** `'PatientCpfExistsError'`: the class name, which survives minification. */
  name = "PatientCpfExistsError";
}, UnprocessableEntityError = class extends APIError {
  /** `'UnprocessableEntityError'`: the class name, which survives minification. */
  name = "UnprocessableEntityError";
}, IdempotencyKeyReuseError = class extends UnprocessableEntityError {
  /** `'IdempotencyKeyReuseError'`: the class name, which survives minification. */
  name = "IdempotencyKeyReuseError";
  /** The key that was refused. */
  idempotencyKey;
  constructor(init) {
    super(
      init,
      `422 Idempotency-Key reused with another body or on another endpoint${stringMember(init.body, "detail") ? ` (${stringMember(init.body, "detail")})` : ""}; use a new key for a new request (${init.method} ${init.path})`
    ), this.idempotencyKey = init.idempotencyKey;
  }
}, RateLimitError = class extends APIError {
  /** `'RateLimitError'`: the class name, which survives minification. */
  name = "RateLimitError";
  /** How long the service asked to wait, from `Retry-After` (seconds or HTTP date). */
  retryAfterMs;
  constructor(init) {
    super(init), this.retryAfterMs = parseRetryAfter(init.headers);
  }
}, InternalServerError = class extends APIError {
  /** `'InternalServerError'`: the class name, which survives minification. */
  name = "InternalServerError";
  /** How long the service asked to wait, from `Retry-After` (a 503's, typically), when sent. */
  retryAfterMs;
  constructor(init) {
    super(init), this.retryAfterMs = parseRetryAfter(init.headers);
  }
}, CONFLICTS = {
  slot_blocked: SlotBlockedError,
  room_required: RoomRequiredError,
  patient_cpf_exists: PatientCpfExistsError
};
function makeAPIError(init) {
  let { status } = init;
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
      let code = stringMember(init.body, "code"), Conflict = code && Object.hasOwn(CONFLICTS, code) && CONFLICTS[code] || ConflictError;
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
  let ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0)
    return Number(ms);
  let value = headers.get("retry-after") ?? "";
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1e3;
  if (!/[a-z]/i.test(value)) return;
  let date4 = Date.parse(value);
  if (!Number.isNaN(date4))
    return Math.max(0, date4 - now);
}
function requestIdFrom(headers) {
  return headers.get("x-request-id") ?? headers.get("request-id") ?? void 0;
}
function stringMember(body, key) {
  if (body && typeof body == "object" && !Array.isArray(body)) {
    let value = body[key];
    if (typeof value == "string") return value;
  }
}
function toFieldErrors(body) {
  if (!body || typeof body != "object" || Array.isArray(body)) return {};
  let entries = [];
  for (let [key, value] of Object.entries(body))
    Array.isArray(value) ? entries.push([key, value.map((v) => typeof v == "string" ? v : JSON.stringify(v))]) : typeof value == "string" ? entries.push([key, [value]]) : value && typeof value == "object" && entries.push([key, [JSON.stringify(value)]]);
  return Object.fromEntries(entries);
}
function defaultMessage(init, code, detail) {
  let parts = [String(init.status)];
  code && parts.push(code);
  let text = detail ?? (typeof init.body == "string" && init.body.length <= 200 ? init.body : "");
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
    super((resolve) => resolve(void 0)), this.#inner = inner;
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
    return this.#data ??= this.#inner.then((r) => r.data), this.#data;
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
}, RANK = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };
function isLogLevel(value) {
  return typeof value == "string" && Object.hasOwn(RANK, value);
}
var noop = () => {
};
function levelLogger(logger, level) {
  let rank = RANK[level], pick2 = (name, needed) => rank >= needed ? logger[name].bind(logger) : noop;
  return {
    error: pick2("error", RANK.error),
    warn: pick2("warn", RANK.warn),
    info: pick2("info", RANK.info),
    debug: pick2("debug", RANK.debug)
  };
}
var SECRET_HEADERS = /* @__PURE__ */ new Set(["authorization", "cookie", "set-cookie", "proxy-authorization"]);
function redactHeaders(headers) {
  let out = {};
  for (let [name, value] of Object.entries(headers))
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? "***" : value;
  return out;
}
function logLine(error2) {
  let code = error2.code !== void 0 && IDENTIFIER.test(error2.code) ? ` ${error2.code}` : "", id = error2.requestId !== void 0 && IDENTIFIER.test(error2.requestId) ? `, request id ${error2.requestId}` : "";
  return `${error2.status}${code} (${error2.method} ${error2.path}${id})`;
}
var IDENTIFIER = /^[\w.:/+=-]{1,128}$/, TO_ARRAY_MAX_LIMIT = 1e4, Page = class _Page {
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
    this.#source = source, this.response = raw.response, this.#url = raw.url, this.#request = { method: raw.method, path: raw.path };
    let { results, next, previous } = readPage(source.item, raw);
    this.results = results, this.next = next, this.previous = previous;
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
    return this.next === null ? Promise.reject(new ClinicError("This is the last page; check hasNextPage() first.")) : this.#follow(this.next, "next");
  }
  /**
   * Fetches the previous page.
   *
   * @throws {@link ClinicError} when there is no previous page or it points elsewhere.
   */
  getPreviousPage() {
    return this.previous === null ? Promise.reject(
      new ClinicError("This is the first page; check hasPreviousPage() first.")
    ) : this.#follow(this.previous, "previous");
  }
  /**
   * @internal The next page of a walk whose pages so far had the URLs in `visited` (this one's
   * included); adds the next page's URL.
   *
   * @throws {@link ClinicError} when `next` returns to a page of the walk.
   */
  _nextInWalk(visited) {
    return visited.add(this.#url), this.#follow(this.next ?? "", "next", visited);
  }
  async #follow(url, which, visited) {
    let base = this.response.url || this.#url, target = this.#source.checkPageUrl(url, base, which, this.#request);
    if (which === "next" && (target === this.#url || target === this.response.url))
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} is the URL of that page itself: following it would fetch the same page forever, so it is refused. The service sent a next link that does not advance.`
      );
    if (visited?.has(target))
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} returns to a page already visited in this walk: following it would walk the same pages forever, so the walk ends here. The service sent next links that loop.`
      );
    return visited?.add(target), new _Page(this.#source, await this.#source.fetch(target, void 0));
  }
  /** Iterates the items of this page and of every following one. */
  [Symbol.asyncIterator]() {
    return walkItems(this, this.#source.options?.signal);
  }
};
async function* walkItems(page, signal) {
  let visited = /* @__PURE__ */ new Set();
  for (; page; ) {
    for (let item of page.results) {
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
    this.#source = source, this.#path = path, this.#query = query;
  }
  #fetchFirst() {
    return this.#source.fetch(this.#path, this.#query).then((raw) => new Page(this.#source, raw));
  }
  /** The first page, fetched once and shared by every `await`. */
  // biome-ignore lint/suspicious/noThenProperty: awaiting a Paginator gives its first page, by design.
  then(onfulfilled, onrejected) {
    return this.#first ??= this.#fetchFirst(), this.#first.then(onfulfilled, onrejected);
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
    let page = await (this.#first ?? this.#fetchFirst()), visited = /* @__PURE__ */ new Set();
    for (; page; ) {
      if (yield page, !page.hasNextPage()) return;
      page = await page._nextInWalk(visited), this.#first = void 0;
    }
  }
  /** Every item of every page, in order. */
  async *[Symbol.asyncIterator]() {
    let signal = this.#source.options?.signal;
    for await (let page of this.pages())
      for (let item of page.results) {
        if (signal?.aborted) throw new APIUserAbortError();
        yield item;
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
    let limit = options?.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > TO_ARRAY_MAX_LIMIT)
      throw new ClinicError(
        `toArray({ limit }) needs a whole number from 1 to ${TO_ARRAY_MAX_LIMIT}; got ${String(limit)}. To walk a longer list, iterate it with \`for await\` instead.`
      );
    let items = [];
    for await (let item of this)
      if (items.push(item), items.length >= limit) break;
    return items;
  }
};
function readPage(item, raw) {
  let { body } = raw, results, next = null, previous = null;
  if (Array.isArray(body))
    results = body;
  else if (isRecord(body) && Array.isArray(body.results))
    results = body.results, next = body.next ?? null, previous = body.previous ?? null;
  else
    throw new ResponseValidationError(
      ["(root): expected an array or an object with results"],
      raw.method,
      raw.path
    );
  if (next !== null && typeof next != "string" || previous !== null && typeof previous != "string")
    throw new ResponseValidationError(
      [typeof next != "string" && next !== null ? "next" : "previous"],
      raw.method,
      raw.path
    );
  let list = results;
  if (!item)
    return {
      results: list,
      next,
      previous
    };
  let parsed = new Array(list.length), failed = [], prefix = Array.isArray(body) ? "" : "results.";
  for (let i = 0; i < list.length; i++) {
    let r = item.safeParse(list[i]);
    if (r.success) parsed[i] = r.data;
    else
      for (let issue2 of r.error.issues) failed.push(`${prefix}${[i, ...issue2.path].join(".")}`);
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
  if (target.origin !== apiRoot.origin || !target.pathname.startsWith(`${apiRoot.pathname}/`))
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ${target.origin}${target.pathname}, outside ${apiRoot.href}; the API key is never sent to another host or path. If the service moved, update baseUrl.`
    );
  let list = (path) => path.replace(/\/+$/, "");
  if (list(target.pathname) !== list(page.path))
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ${target.pathname}, another list; a page link stays on its own list.`
    );
  return target.href;
}
var MAX_RETRY_AFTER_MS = 6e4, INITIAL_RETRY_DELAY_MS = 500, MAX_RETRY_DELAY_MS = 8e3;
function backoffDelay(retry, random = Math.random) {
  return Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS) * (1 - 0.25 * random());
}
function isRetryableStatus(policy, status) {
  return status === 429 ? !0 : policy === "rate-limit-only" ? !1 : status === 408 || status >= 500;
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
    retryOnTimeout: !0,
    shouldRetry: ({ error: error2 }) => isHTTPError(error2) ? beyondCap(error2) ? !1 : void 0 : finalErrors.has(error2) || policy === "rate-limit-only" ? !1 : isTypeError(error2) || error2 instanceof APIConnectionError ? !0 : void 0
  };
}
function callRetry(limit, state) {
  return {
    limit,
    delay: (attempt) => (state.delay = state.serverWait ?? backoffDelay(attempt - 1), state.delay)
  };
}
function beyondCap(error2) {
  let wait = parseRetryAfter(error2.response.headers);
  return wait !== void 0 && wait > MAX_RETRY_AFTER_MS;
}
var finalErrors = /* @__PURE__ */ new WeakSet();
function finalError(error2) {
  return finalErrors.add(error2), error2;
}
function isTypeError(error2) {
  return error2 instanceof TypeError || Object.prototype.toString.call(error2) === "[object Error]" && error2.name === "TypeError";
}
var texts = /* @__PURE__ */ new WeakMap();
function bodyText(response) {
  return texts.get(response) ?? "";
}
function attemptFetch(call, send, debug) {
  return async (input) => {
    let { signal } = input;
    call.attempts++, call.serverWait = void 0;
    let path = call.url.pathname, started = Date.now();
    debug?.debug(`clinic-scheduling: ${call.method} ${path} attempt ${call.attempts}`, {
      headers: redactHeaders(call.headers)
    });
    let relay = new AbortController();
    signal.aborted ? relay.abort(signal.reason) : signal.addEventListener("abort", () => queueMicrotask(() => relay.abort(signal.reason)));
    let caller = call.signal, callerAbort = () => queueMicrotask(() => relay.abort(caller?.reason));
    caller?.addEventListener("abort", callerAbort);
    let text, response;
    try {
      if (response = await send()(call.url.href, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: relay.signal,
        redirect: "manual"
      }), isRedirect(response))
        throw response.body?.cancel().catch(() => {
        }), redirectError(call, response);
      text = await readText(response, relay.signal, call.maxResponseBytes).catch(
        cutOff(call, response)
      );
    } finally {
      caller?.removeEventListener("abort", callerAbort);
    }
    return texts.set(response, text ?? ""), call.serverWait = parseRetryAfter(response.headers), debug?.debug(
      `clinic-scheduling: ${call.method} ${path} \u2192 ${response.status} in ${Date.now() - started} ms`
    ), response;
  };
}
function cutOff(call, response) {
  return (error2) => {
    throw error2 instanceof OverCap ? finalError(
      new APIConnectionError(
        `${call.method} ${call.url.pathname} was answered ${response.status}, but its body is over maxResponseBytes (${call.maxResponseBytes} bytes), so the SDK stopped reading it: the request may have been processed. Raise maxResponseBytes (a client option), or ask for less (a smaller limit).`
      )
    ) : !response.ok || !isTypeError(error2) ? error2 : new APIConnectionError(
      `${call.method} ${call.url.pathname} was answered ${response.status}, but the body was cut off before its end${failureReason(error2)}: the request may have been processed. Read the record back before sending it again.`,
      { cause: error2 }
    );
  };
}
function failureReason(cause) {
  let reasons = [];
  cause instanceof Error && cause.message && reasons.push(pathsOnly(cause.message));
  let code = errorCode(cause);
  return code !== void 0 && !reasons.some((r) => r.includes(code)) && reasons.push(code), reasons.length > 0 ? ` (${reasons.join(": ")})` : "";
}
function pathsOnly(text) {
  return text.replace(
    /\b([a-z][\w+.-]*:\/\/)(?:[^\s/?#@]*@)?([^\s?#]*)(?:[?#][^\s)'"]*)?/gi,
    "$1$2"
  );
}
function errorCode(error2) {
  let current = error2;
  for (let depth = 0; depth < 5 && typeof current == "object" && current !== null; depth++) {
    let { code, cause } = current;
    if (typeof code == "string" && code !== "") return code;
    current = cause;
  }
}
function isRedirect(response) {
  return response.type === "opaqueredirect" || REDIRECTS.has(response.status);
}
var REDIRECTS = /* @__PURE__ */ new Set([301, 302, 303, 307, 308]);
function redirectError(call, response) {
  let target = "an address the answer does not give";
  try {
    let location = response.headers.get("location");
    location !== null && (target = new URL(location, call.url).origin);
  } catch {
  }
  let status = response.type === "opaqueredirect" ? "a redirect" : String(response.status);
  return new ClinicError(
    `${call.method} ${call.url.pathname} was answered ${status}, redirecting to ${target}. The SDK does not follow redirects, so no request body and no API key leave for another address. If the service moved, update baseUrl.`
  );
}
async function readText(response, signal, cap) {
  if (signal.aborted)
    throw response.body?.cancel().catch(() => {
    }), signal.reason;
  let declared = Number(response.headers.get("content-length") ?? Number.NaN), reader = response.body?.getReader();
  if (reader === void 0) return "";
  signal.addEventListener("abort", () => reader.cancel(signal.reason).catch(() => {
  }));
  let chunks = [], size = 0;
  for (; ; ) {
    if (declared > cap || size > cap) {
      if (reader.cancel().catch(() => {
      }), response.ok) throw new OverCap();
      return;
    }
    let { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) break;
    chunks.push(value), size += value.byteLength;
  }
  let bytes = new Uint8Array(size), offset = 0;
  for (let chunk of chunks)
    bytes.set(chunk, offset), offset += chunk.byteLength;
  return new TextDecoder().decode(bytes);
}
var OverCap = class extends Error {
};
function lowerCaseNames(headers, where) {
  if (headers !== void 0 && !isRecord(headers))
    throw new ConfigurationError(`${where} must be an object of header names and values.`);
  let out = {};
  for (let [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
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
  for (let [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      throw new ConfigurationError(
        `${where}: ${JSON.stringify(name.slice(0, 60))} is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only).`
      );
    if (MANAGED.has(name))
      throw new ConfigurationError(
        `${where}: ${name} cannot be set: fetch manages it (${[...MANAGED].join(", ")}). Remove it.`
      );
    if (value !== void 0) {
      if (typeof value != "string")
        throw new ConfigurationError(`${where}: the value of header ${name} must be a string.`);
      if (!HEADER_VALUE.test(value))
        throw new ConfigurationError(
          `${where}: the value of header ${name} cannot be sent: it holds a line break, a control character or a character beyond Latin-1 (the value is not repeated here).`
        );
    }
  }
}
function mergeHeaders(...maps) {
  let merged = Object.assign({}, ...maps), out = {};
  for (let [name, value] of Object.entries(merged))
    value !== void 0 && (out[name] = value);
  return out;
}
function parseBody(text) {
  if (text !== "")
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
  let depth = 0, inString = !1, escaped = !1;
  for (let c of text)
    if (escaped) escaped = !1;
    else if (inString)
      c === "\\" ? escaped = !0 : c === '"' && (inString = !1);
    else if (c === '"') inString = !0;
    else if (c === "[" || c === "{") {
      if (++depth > max) return !0;
    } else (c === "]" || c === "}") && depth--;
  return !1;
}
var REDACTED = "[redacted]", MAX_SEARCH_DEPTH = 4, MAX_COPY_DEPTH = 3, Redactor = class {
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
    for (let [name, value] of headers)
      this.text(value) !== value && (copy ??= new Headers(headers), copy.set(name, REDACTED));
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
  error(error2) {
    return error2.stack &&= this.text(error2.stack), error2.message = this.text(error2.message), this.#holdsKey(error2.cause, 0) && (error2.cause = this.#copy(error2.cause, 0)), error2;
  }
  /** Whether `value` holds the key, or may hold it where it is not searched. */
  #holdsKey(value, depth) {
    if (typeof value == "string") return this.text(value) !== value;
    if (typeof value == "symbol") return this.#holdsKey(value.description, depth);
    if (typeof value == "function") return !0;
    if (typeof value != "object" || value === null) return !1;
    if (depth > MAX_SEARCH_DEPTH || !SEARCHABLE.has(Object.getPrototypeOf(value))) return !0;
    try {
      return [...ERROR_MEMBERS, ...Reflect.ownKeys(value)].some(
        (key) => this.#holdsKey(key, depth) || this.#holdsKey(Reflect.get(value, key), depth + 1)
      );
    } catch {
      return !0;
    }
  }
  /**
   * A copy of a thrown value that holds the key: an `Error` with its name, message, stack and
   * `code`, redacted, and a copy of its `cause`. A member whose getter throws is left out.
   */
  #copy(value, depth) {
    if (typeof value == "string") return this.text(value);
    if (value === null || ["undefined", "number", "bigint", "boolean"].includes(typeof value))
      return value;
    let [name, message, stack, code, cause] = ERROR_MEMBERS.map((key) => read(value, key)), copy = new Error(typeof message == "string" ? this.text(message) : "");
    return typeof name == "string" && (copy.name = this.text(name)), copy.stack = typeof stack == "string" ? this.text(stack) : void 0, typeof code == "string" && Object.assign(copy, { code: this.text(code) }), cause !== void 0 && depth < MAX_COPY_DEPTH && (copy.cause = this.#copy(cause, depth + 1)), copy;
  }
  /**
   * Redacts a parsed body: each string, and each member name. The strings are the parsed ones,
   * so an escape that hid the key from {@link Redactor.text} in the raw text (`\u002f`) is
   * undone here and the key found. Numbers, `true`, `false` and `null` are kept as parsed.
   */
  body(body) {
    return typeof body == "string" ? this.text(body) : Array.isArray(body) ? body.map((item) => this.body(item)) : typeof body != "object" || body === null ? body : Object.fromEntries(
      Object.entries(body).map(([name, value]) => [this.text(name), this.body(value)])
    );
  }
}, ERROR_MEMBERS = ["name", "message", "stack", "code", "cause"], SEARCHABLE = /* @__PURE__ */ new Set([
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
  let secret = apiKey.slice(apiKey.indexOf(".") + 1), forms = /* @__PURE__ */ new Set();
  for (let value of [apiKey, secret]) {
    forms.add(value), forms.add(encodeURIComponent(value)), forms.add(value.replaceAll("/", "\\/")), forms.add([...value].map((c) => c.charCodeAt(0).toString(16)).join(""));
    for (let encoded of base64Cores(value)) forms.add(encoded);
  }
  return new RegExp(
    [...forms].map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&")).join("|"),
    "gi"
  );
}
function base64Cores(value) {
  return [0, 1, 2].map((offset) => {
    let encoded = btoa("\0".repeat(offset) + value), start = offset === 0 ? 0 : 4, end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 4;
    return encoded.slice(start, end);
  }).filter((core) => core.length >= 8);
}
var KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase(), MAX_TIMEOUT_MS = 2147483647, MAX_RETRIES_LIMIT = 10, DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024, MAX_RESPONSE_BYTES = 256 * 1024 * 1024, MAX_ERROR_BODY_DEPTH = 64, Transport = class {
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
  constructor(apiKey, config2) {
    this.#apiKey = apiKey, this.config = config2, this.apiRoot = new URL(`${config2.baseUrl}${API_PREFIX}`);
    let headers = lowerCaseNames(config2.headers, "headers");
    delete headers.authorization, delete headers[KEY_HEADER], checkHeaders(headers, "headers"), this.#headers = headers, this.#redact = new Redactor(apiKey);
    let log = config2.logger, engine = (policy) => ky.create({
      retry: policyRetry(policy),
      hooks: {
        // Runs once ky has waited and is about to send the attempt again.
        beforeRetry: [
          ({ options, error: error2, retryCount }) => {
            let call = options.context.call;
            log.info(
              `clinic-scheduling: ${this.#redact.text(retryReason(error2, call))} Retry ${retryCount} of ${call.maxRetries}, after ${Math.round(call.delay)} ms.`
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
    let url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(this.apiRoot.href + path);
    if (url.username || url.password)
      throw new ConfigurationError(
        `GET ${url.pathname}: the URL carries credentials (user name or password), which fetch refuses; the SDK never sends them. Report the link to the service.`
      );
    if (query)
      for (let [key, value] of Object.entries(query))
        value !== void 0 && url.searchParams.set(key, value === null ? "" : String(value));
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
    let options = spec.options ?? {};
    if (!spec.idempotent && options.idempotencyKey !== void 0)
      throw new ConfigurationError(
        `only appointments.create takes an Idempotency-Key; the spec gives none to other calls (${spec.method} ${spec.path.split("?")[0]}). Remove idempotencyKey from its options.`
      );
    let maxRetries = options.maxRetries === void 0 ? this.config.maxRetries : checkNumber("maxRetries", options.maxRetries, 0, MAX_RETRIES_LIMIT, !0), timeout = options.timeout === void 0 ? this.config.timeout : checkNumber("timeout", options.timeout, 1, MAX_TIMEOUT_MS), url = this.url(spec.path, spec.query), callHeaders = lowerCaseNames(options.headers, "the call's headers");
    delete callHeaders.authorization;
    let callKey = callHeaders[KEY_HEADER];
    spec.idempotent && delete callHeaders[KEY_HEADER], checkHeaders(callHeaders, "the call's headers");
    let headers = mergeHeaders(
      { accept: "application/json", "user-agent": this.config.userAgent },
      this.#headers,
      callHeaders
    ), idempotencyKey;
    if (spec.idempotent) {
      idempotencyKey = options.idempotencyKey ?? callKey ?? v4_default();
      let checked = IdempotencyKey.safeParse(idempotencyKey);
      if (!checked.success)
        throw new ValidationError(
          issuesToFields(checked.error.issues, IDEMPOTENCY_HEADER),
          IDEMPOTENCY_HEADER
        );
      headers[KEY_HEADER] = idempotencyKey;
    }
    headers.authorization = `Bearer ${this.#apiKey}`;
    let body;
    spec.body !== void 0 && (body = JSON.stringify(spec.body), headers["content-type"] = "application/json");
    let signal = options.signal;
    if (signal !== void 0 && !(signal instanceof AbortSignal))
      throw new ConfigurationError(
        `signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); got ${signal === null ? "null" : typeof signal}. Nothing was sent.`
      );
    if (signal?.aborted) throw new APIUserAbortError();
    let call = {
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
    }, response;
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
    } catch (error2) {
      let failure2 = this.#failure(error2, call, timeout, signal);
      throw call.attempts > 0 ? withIdempotencyKey(failure2, idempotencyKey) : failure2;
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
  #failure(error2, call, timeout, signal) {
    if (signal?.aborted) return new APIUserAbortError();
    let log = this.config.logger, path = call.url.pathname;
    if (isHTTPError(error2)) {
      let failure22 = this.#apiError(error2, call);
      return log.debug(`clinic-scheduling: ${logLine(failure22)}`), failure22;
    }
    let failure2;
    return error2 instanceof ClinicError ? failure2 = error2 : isTimeoutError(error2) ? failure2 = new APIConnectionTimeoutError(
      `${call.method} ${path} timed out after ${timeout} ms (per attempt; raise \`timeout\` if the service is slow).`
    ) : isNetworkError(error2) || isTypeError(error2) ? failure2 = connectionError(error2, call.method, path) : failure2 = new ClinicError(
      `${call.method} ${path} failed: the fetch in use threw ${error2 instanceof Error ? `${/^[AEIOU]/i.test(error2.name) ? "an" : "a"} ${error2.name}` : "a non-error value"}, which is not a network failure, so it was not retried${failureReason(error2)}.`,
      { cause: error2 }
    ), this.#redact.error(failure2), log.debug(`clinic-scheduling: ${failure2.message}`), failure2;
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
function retryReason(error2, call) {
  let path = call.url.pathname;
  return isHTTPError(error2) ? `${call.method} ${path} \u2192 ${error2.response.status}.` : isTimeoutError(error2) ? `${call.method} ${path} timed out.` : error2 instanceof APIConnectionError ? error2.message : connectionError(error2, call.method, path).message;
}
function connectionError(error2, method, path) {
  let cause = isNetworkError(error2) ? error2.cause : error2;
  return new APIConnectionError(
    `${method} ${path} failed: no response was received${failureReason(cause)}.`,
    // A DOMException named NetworkError passes for ky's NetworkError, with no cause.
    cause === void 0 ? void 0 : { cause }
  );
}
var KEY_FORMAT = "<key_prefix>_live_<key_id>.<secret>", KEY_PATTERN = /^[A-Za-z0-9][\w-]*_live_[\w-]+\.[\w\-+/=]+$/;
function isBrowser() {
  let g = globalThis;
  return typeof g.window < "u" && typeof g.document < "u";
}
function checkApiKey(key) {
  if (key == null || key === "")
    throw new ConfigurationError(
      `Missing API key: pass apiKey to ClinicClient or set the CLINIC_API_KEY environment variable. Keys look like ${KEY_FORMAT}.`
    );
  if (typeof key != "string") throw new ConfigurationError("apiKey must be a string.");
  if (/^\s*bearer\b/i.test(key))
    throw new ConfigurationError(
      'The API key starts with "Bearer ": pass the key alone; the client sends the Authorization header itself.'
    );
  if (/\s/.test(key))
    throw new ConfigurationError(
      "The API key contains white space (a space or line break picked up when it was copied?): remove it."
    );
  if (!KEY_PATTERN.test(key))
    throw new ConfigurationError(
      `The API key is malformed: expected ${KEY_FORMAT}. Copy the whole key from the clinic's settings (menu: clinic, then API and webhooks).`
    );
  return key;
}
function checkBaseUrl(value, apiKey) {
  if (value == null || value === "")
    throw new ConfigurationError(
      "Missing baseUrl: pass baseUrl (the service host root, such as https://clinic.example.com) or set the CLINIC_BASE_URL environment variable."
    );
  if (typeof value != "string") throw new ConfigurationError("baseUrl must be a string.");
  let lower = value.toLowerCase(), secret = apiKey.slice(apiKey.indexOf(".") + 1).toLowerCase();
  if (lower.includes("_live_") || secret !== "" && lower.includes(secret))
    throw new ConfigurationError(
      "baseUrl looks like an API key (were apiKey and baseUrl, or CLINIC_API_KEY and CLINIC_BASE_URL, swapped?); pass the service host root, such as https://clinic.example.com."
    );
  let url;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(
      `baseUrl "${value}" is not an absolute URL; pass the service host root, such as https://clinic.example.com.`
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigurationError(`baseUrl must be an http(s) URL; got ${url.protocol}.`);
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigurationError(
      "baseUrl must be the service host root, without credentials, query or fragment."
    );
  let path = url.pathname.replace(/\/+$/, "");
  return path.endsWith(API_PREFIX) && (path = path.slice(0, -API_PREFIX.length)), `${url.origin}${path}`;
}
var APIResource = class {
  /** @internal */
  _client;
  /** @internal */
  constructor(client) {
    this._client = client;
  }
}, AppointmentTypes = class extends APIResource {
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
}, Appointments = class extends APIResource {
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
      idempotent: !0,
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
      refetch: !0,
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
      refetch: !0,
      options
    });
  }
}, Patients = class extends APIResource {
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
}, Professionals = class extends APIResource {
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
}, Rooms = class extends APIResource {
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
}, VERSION = "0.1.0", DEFAULT_TIMEOUT_MS = 3e4, DEFAULT_MAX_RETRIES = 2, ClinicClient = class _ClinicClient {
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
    if (typeof options != "object" || options === null)
      throw new ConfigurationError("ClinicClient takes an options object.");
    if (isBrowser() && options.dangerouslyAllowBrowser !== !0)
      throw new ConfigurationError(
        "ClinicClient refuses to run in a browser: the API key gives access to health data, and anyone who opens the page could read it. Call the API from your server. If you understand the risk (say, an internal tool behind authentication), pass dangerouslyAllowBrowser: true."
      );
    this.#options = { ...options };
    let apiKey = checkApiKey(
      options.apiKey === void 0 ? readEnv("CLINIC_API_KEY") : options.apiKey
    );
    this.baseUrl = checkBaseUrl(options.baseUrl ?? readEnv("CLINIC_BASE_URL"), apiKey), this.timeout = checkNumber("timeout", options.timeout ?? DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS), this.maxRetries = checkNumber(
      "maxRetries",
      options.maxRetries ?? DEFAULT_MAX_RETRIES,
      0,
      MAX_RETRIES_LIMIT,
      !0
    );
    let bytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxResponseBytes = checkNumber("maxResponseBytes", bytes, 1, MAX_RESPONSE_BYTES, !0), this.validateResponses = options.validateResponses ?? !0;
    let level = options.logLevel ?? readEnv("CLINIC_LOG") ?? "warn";
    if (!isLogLevel(level))
      throw new ConfigurationError(
        `logLevel (or CLINIC_LOG) must be one of off, error, warn, info, debug; got "${String(level)}".`
      );
    if (options.fetch !== void 0 && typeof options.fetch != "function")
      throw new ConfigurationError("fetch must be a function with the signature of fetch().");
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
    }), this.appointments = new Appointments(this), this.patients = new Patients(this), this.professionals = new Professionals(this), this.rooms = new Rooms(this), this.appointmentTypes = new AppointmentTypes(this);
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
    let given = Object.entries(overrides ?? {}).filter(([, value]) => value !== void 0);
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
    let checked, invalid;
    try {
      checked = query === void 0 ? void 0 : parseInput(querySchema, query, "query");
    } catch (error2) {
      invalid = error2;
    }
    let transport = this._transport, apiRoot = transport.apiRoot;
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
      let [schema, value] = spec.id;
      itemPath += `/${encodeURIComponent(String(parseInput(schema, value, "id", "id")))}`;
    }
    let body = spec.input ? parseInput(spec.input[0], spec.input[1], "body") : void 0, raw = await this._transport.request({
      method: spec.method,
      path: spec.suffix ? itemPath + spec.suffix : itemPath,
      body,
      retry: spec.retry,
      idempotent: spec.idempotent,
      options: spec.options
    }), checked = this.#check(spec.response, raw.body, spec.refetch === !0), data;
    if (checked.ok) data = checked.data;
    else if (spec.refetch) data = await this.#readBack(spec, itemPath, raw);
    else
      throw withIdempotencyKey(
        new ResponseValidationError(checked.paths, raw.method, raw.path),
        raw.idempotencyKey
      );
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
      let fresh = await this._transport.request({
        method: "GET",
        path: itemPath,
        retry: "safe",
        options: spec.options
      }), checked = this.#check(spec.response, fresh.body, !1);
      if (checked.ok) return checked.data;
      throw new ResponseValidationError(checked.paths, fresh.method, fresh.path);
    } catch (error2) {
      throw new ReadBackError(write, `${this._transport.apiRoot.pathname}${itemPath}`, error2);
    }
  }
  /**
   * Checks a 2xx body against `schema`, parsing it once. Without validation a body is taken
   * as is, except a write's (`refetch`) that does not even look like a record.
   */
  #check(schema, body, refetch) {
    if (this.validateResponses) {
      let result = schema.safeParse(body);
      return result.success ? { ok: !0, data: result.data } : { ok: !1, paths: [...new Set(result.error.issues.map((i) => i.path.join(".") || "(root)"))] };
    }
    return refetch && !(isRecord(body) && "id" in body && "status" in body) ? { ok: !1, paths: ["(root)"] } : { ok: !0, data: body };
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
  let result = schema.safeParse(value);
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
