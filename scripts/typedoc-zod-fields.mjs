// @ts-check
/**
 * A typedoc plugin that gives each field of a zod object schema in `src/schemas/` the doc
 * comment of the same field of its interface twin.
 *
 * Each object of the spec is declared twice under one name: an interface (`interface Room`),
 * which holds the doc comment of every field, and its zod schema (`const Room = z.object(...)`),
 * tied to it by a compile-time equality check. The API reference expands the schema's type (and
 * every type built from it, such as the webhook event schemas) field by field; rather than
 * repeating each comment on the schema, this plugin copies it from the interface, so each
 * field's rule is written once. A field is matched by its path from the schema constant
 * (`Appointment` → `patient` → `id`), followed through the interface's types; a field with no
 * twin keeps no comment, and `npm run docs` still fails on it.
 */

import { Comment, Converter, ReflectionKind } from 'typedoc';
import ts from 'typescript';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Property) || reflection.hasComment()) return;
    // zod builds the schema's type with mapped types: its members have a declaration (the
    // field in `z.object({...})`) but no value declaration.
    const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    if (!declaration || !ts.isPropertyAssignment(declaration)) return;
    if (!/[\\/]src[\\/]schemas[\\/]/.test(declaration.getSourceFile().fileName)) return;
    const text = twinComment(context.checker, declaration);
    if (text) reflection.comment = new Comment([{ kind: 'text', text }]);
  });
}

/**
 * The documentation of the interface field that matches `field`, a property of an object
 * literal inside `const X = z.object({...})`; `undefined` when there is none.
 *
 * @param {ts.TypeChecker} checker
 * @param {ts.PropertyAssignment} field
 */
function twinComment(checker, field) {
  /** @type {string[]} */
  const path = [];
  /** @type {ts.Node | undefined} */
  let node = field;
  while (node && !ts.isVariableDeclaration(node)) {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) path.unshift(node.name.text);
    node = node.parent;
  }
  if (!node || !ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name)) return undefined;
  const symbol = checker.getSymbolAtLocation(node.name);
  if (!symbol?.declarations?.some(ts.isInterfaceDeclaration)) return undefined;
  let type = checker.getDeclaredTypeOfSymbol(symbol);
  /** @type {ts.Symbol | undefined} */
  let member;
  for (const name of path) {
    member = checker.getNonNullableType(type).getProperty(name);
    if (!member) return undefined;
    type = checker.getTypeOfSymbol(member);
  }
  const text = member && ts.displayPartsToString(member.getDocumentationComment(checker));
  return text || undefined;
}
