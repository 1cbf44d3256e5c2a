/**
 * @internal `instanceof` for the SDK's error classes across copies of their code: the ESM and
 * the CommonJS builds of one install (the dual-package hazard: `import` and `require` load two
 * copies of every class), and two installs of the package (two versions in one tree).
 *
 * Each branded class marks its prototype with `Symbol.for('@clinic-scheduling/sdk/error:<Name>')`,
 * a key every copy shares, and gets a `Symbol.hasInstance` that accepts any object whose
 * prototype chain carries the mark of its name. A class a user derives from an SDK error is not
 * branded: `instanceof` it works as usual.
 *
 * @module
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

/**
 * Brands each class under the name it is given (the key, which minifiers leave alone, unlike a
 * class's own `name`), so that `instanceof` holds across copies of the package. Call it once,
 * in the module that defines the classes.
 */
export function brandErrors(
  classes: Record<string, abstract new (...args: never[]) => object>,
): void {
  for (const [name, cls] of Object.entries(classes)) {
    Object.defineProperty(cls, BRAND_NAME, { value: name });
    Object.defineProperty(cls.prototype, mark(name), { value: true });
    Object.defineProperty(cls, Symbol.hasInstance, { value: hasBrandedInstance });
  }
}

/**
 * The name a class was branded with, inherited by the classes derived from it: what
 * `ClinicError` sets as `name`, so that every error is named once, in its `brandErrors` call.
 */
export function brandedName(cls: object): string {
  return (cls as { [BRAND_NAME]: string })[BRAND_NAME];
}
