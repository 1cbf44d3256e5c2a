/**
 * @internal `instanceof` for the SDK's errors across copies of the package (ESM and CommonJS
 * builds, two installs): prototypes carry a `Symbol.for` mark every copy shares. @module
 */

/** Where a branded class keeps its name (a key every copy shares). */
const BRAND_NAME = Symbol.for('@clinic-scheduling/sdk/error-brand');

/** The prototype mark of the branded class `name`, the same in every copy of the package. */
function mark(name: string): symbol {
  return Symbol.for(`@clinic-scheduling/sdk/error:${name}`);
}

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];

function hasBrandedInstance(this: object, value: unknown): boolean {
  if (ordinaryHasInstance.call(this, value)) return true;
  if (typeof value !== 'object' || value === null || !Object.hasOwn(this, BRAND_NAME)) {
    return false;
  }
  const name = (this as { [BRAND_NAME]: string })[BRAND_NAME];
  return (value as Record<symbol, unknown>)[mark(name)] === true;
}

/** Brands each class under its key (minifiers keep keys, not class names); once per module. */
export function brandErrors(
  classes: Record<string, abstract new (...args: never[]) => object>,
): void {
  for (const [name, cls] of Object.entries(classes)) {
    Object.defineProperty(cls, BRAND_NAME, { value: name });
    Object.defineProperty(cls.prototype, mark(name), { value: true });
    Object.defineProperty(cls, Symbol.hasInstance, { value: hasBrandedInstance });
  }
}

/** The name a class was branded with, inherited by derived classes: `ClinicError`'s `name`. */
export function brandedName(cls: object): string {
  return (cls as { [BRAND_NAME]: string })[BRAND_NAME];
}
