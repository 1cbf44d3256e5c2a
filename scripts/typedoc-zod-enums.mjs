// @ts-check
/**
 * A typedoc plugin for one gap between zod and typedoc's `notDocumented` check.
 *
 * `z.enum(['requested', 'scheduled'])` has the type `ZodEnum<{ requested: 'requested'; ... }>`.
 * The members of that object type are made by a mapped type inside zod: they have no
 * declaration in our source, so no doc comment can ever be written for them, and typedoc
 * reports each one (about a hundred) as undocumented. This plugin gives exactly those members a
 * comment naming their value, and nothing else: a property counts only when it has no
 * declaration file (an empty source path) and its type is the string literal of its own name.
 * Every other undocumented export still fails `npm run docs`.
 */
import { Comment, Converter, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    for (const reflection of project.getReflectionsByKind(ReflectionKind.Property)) {
      if (reflection.hasComment()) continue;
      const type = /** @type {import('typedoc').DeclarationReflection} */ (reflection).type;
      if (type?.type !== 'literal' || type.value !== reflection.name) continue;
      const symbolId = project.getSymbolIdFromReflection(reflection);
      if (symbolId?.packagePath !== '') continue;
      reflection.comment = new Comment([
        { kind: 'text', text: 'The enum value ' },
        { kind: 'code', text: `\`${reflection.name}\`` },
        { kind: 'text', text: '.' },
      ]);
    }
  });
}
