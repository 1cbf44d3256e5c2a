// @ts-check
/**
 * A typedoc plugin that names each guide of docs/ by its own `# ` heading.
 *
 * typedoc names a project document after its file (`testing`) unless the file carries a
 * `title:` front matter, which would state the title twice and show as a table on GitHub. Here
 * the first heading is the title (sidebar, breadcrumb, `<title>`), and the page keeps its file's
 * name as URL (`documents/testing.html`) through the `guide-files` router, so links to the site
 * survive a retitled guide. The file name stays in the front matter as `file`, which
 * `npm run docs:check` reads.
 *
 * A guide split into task pages keeps its name for the index (`testing.md`) and names each page
 * after it (`testing-faults.md`): the site's navigation shows each page under its index.
 */
import { Converter, KindRouter } from 'typedoc';

/** @param {import('typedoc').DocumentReflection} document */
function heading(document) {
  const text = document.content.map((part) => part.text).join('');
  // A navigation entry shows text only: `verify` reads verify.
  return /^# (.+)$/m.exec(text)?.[1]?.replaceAll('`', '').trim();
}

class GuideFileRouter extends KindRouter {
  /**
   * @override
   * @param {import('typedoc').Reflection} reflection
   */
  getIdealBaseName(reflection) {
    if (reflection.isDocument() && typeof reflection.frontmatter.file === 'string') {
      return `documents/${reflection.frontmatter.file}`;
    }
    return super.getIdealBaseName(reflection);
  }
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.defineRouter('guide-files', GuideFileRouter);
  app.converter.on(
    Converter.EVENT_CREATE_DOCUMENT,
    /** @param {unknown} _context @param {import('typedoc').DocumentReflection} document */
    (_context, document) => {
      const title = heading(document);
      if (!title) return;
      document.frontmatter.file = document.name;
      document.name = title;
    },
  );
  app.converter.on(
    Converter.EVENT_RESOLVE_BEGIN,
    (context) => {
      const project = context.project;
      const documents = project.documents ?? [];
      const byFile = new Map(documents.map((d) => [d.frontmatter.file, d]));
      for (const page of documents.slice()) {
        const index = byFile.get(/^([a-z]+)-/.exec(String(page.frontmatter.file))?.[1]);
        if (!index || index === page) continue;
        project.removeChild(page);
        page.parent = index;
        index.addChild(page);
      }
    },
    // Before typedoc's own plugins group and sort the project's documents.
    1000,
  );
}
