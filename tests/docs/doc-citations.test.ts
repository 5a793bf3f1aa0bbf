import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment names the home of its rule in docs/ as the file, optionally the number of the
 * section and its heading in quotes (docs/architecture.md 7 "Comments say why"). The docs get
 * rewritten and renumbered; this keeps every such citation pointing at a section that is there,
 * in the code, the tests, the scripts, the README and the docs themselves (they cite each other).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** These folders and the files at the top (README.md, the configs, .env.example). */
const FOLDERS = new Set(['src', 'server', 'shared', 'tests', 'e2e', 'scripts', 'docs']);
const TEXT_FILE = /(\.(ts|tsx|js|mjs|cjs|sh|md|css|html)|^\.env\.example)$/;

/** A line break with the next line's comment marker reads as one space: citations get wrapped. */
const LINE_BREAK = /\n\s*(\*|\/\/|#)?\s*/g;
/** The file, then optionally the section's number (3, or 3.1) and its name in double quotes. */
const CITATION = /docs\/([a-z-]+\.md)(?: (\d+(?:\.\d+)*))?(?: "([^"]+)")?/g;

interface Citation {
  file: string;
  line: number;
  text: string;
  doc: string;
  section: string | undefined;
  name: string | undefined;
}

interface Doc {
  text: string;
  /** The text with its whitespace collapsed, where a quoted name may stand verbatim. */
  flat: string;
  /** Headings without their number ("2.1 The statuses" is "The statuses") and bold labels. */
  names: Set<string>;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** Tracked files and new ones not ignored, so a citation is checked before it is committed. */
function filesToCheck(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))].filter((file) => {
    const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : null;
    return (
      (folder === null || FOLDERS.has(folder)) &&
      TEXT_FILE.test(path.basename(file)) &&
      existsSync(path.join(ROOT, file))
    );
  });
}

/** Every citation in `text`, with the line it starts on. */
function citationsIn(file: string, text: string): Citation[] {
  let flat = '';
  let from = 0;
  let lines = 0;
  // Where each flattened line break sits in `flat`, and how many lines lie before what follows it.
  const breaks: { at: number; lines: number }[] = [];
  for (const m of text.matchAll(LINE_BREAK)) {
    flat += `${text.slice(from, m.index)} `;
    lines += m[0].split('\n').length - 1;
    breaks.push({ at: flat.length, lines });
    from = m.index + m[0].length;
  }
  flat += text.slice(from);
  const lineAt = (index: number) => 1 + (breaks.findLast((b) => b.at <= index)?.lines ?? 0);
  return [...flat.matchAll(CITATION)].map((m) => ({
    file,
    line: lineAt(m.index),
    text: m[0],
    doc: m[1]!,
    section: m[2],
    name: m[3],
  }));
}

function readDoc(file: string): Doc | null {
  const full = path.join(ROOT, 'docs', file);
  if (!existsSync(full)) return null;
  const text = readFileSync(full, 'utf8');
  const headings = [...text.matchAll(/^#{1,6}\s+(.*?)\s*$/gm)].map((m) =>
    m[1]!.replace(/^\d+(?:\.\d+)*\.?\s+/, ''),
  );
  const bold = [...text.matchAll(/\*\*([^*]+?)\*\*/g)].map((m) => m[1]!);
  return { text, flat: collapse(text), names: new Set([...headings, ...bold].map(collapse)) };
}

/** What is wrong with a citation, or null when the doc, its numbered section and its name exist. */
function problemOf(citation: Citation, docs: Map<string, Doc | null>): string | null {
  if (!docs.has(citation.doc)) docs.set(citation.doc, readDoc(citation.doc));
  const doc = docs.get(citation.doc);
  if (!doc) return 'no such doc';
  const { section, name } = citation;
  if (section && !new RegExp(`^#{2,6}\\s+${section.replace(/\./g, '\\.')}[.\\s]`, 'm').test(doc.text))
    return `no section ${section}`;
  if (name) {
    const quoted = collapse(name);
    const found =
      doc.names.has(quoted) || doc.names.has(quoted.replace(/:$/, '')) || doc.flat.includes(quoted);
    if (!found) return `no heading, bold label or text "${quoted}"`;
  }
  return null;
}

function staleCitations(files: readonly { file: string; text: string }[]): string[] {
  const docs = new Map<string, Doc | null>();
  return files
    .flatMap(({ file, text }) => citationsIn(file, text))
    .flatMap((c) => {
      const problem = problemOf(c, docs);
      return problem ? [`${c.file}:${c.line}  ${c.text}  (${problem})`] : [];
    });
}

describe('citations of docs/ in comments', () => {
  it('every docs/ section a comment cites exists', () => {
    const files = filesToCheck().map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(500);
    expect(files.flatMap(({ file, text }) => citationsIn(file, text)).length).toBeGreaterThan(800);

    expect(staleCitations(files)).toEqual([]);
  });

  it('a missing doc, section number or section name is reported with its file and line', () => {
    // Put together, so that the scan of this file does not read them as citations.
    const doc = 'docs/' + 'product.md';
    const missing = 'docs/' + 'no-such-file.md';
    const text = [
      `/** Kept (${doc} 4`,
      ` * "Session") and (${doc} 3 "Kept in the`,
      ` * browser"). Gone: ${doc} 99, ${doc} 4 "No such section",`,
      ` * ${missing}. */`,
    ].join('\n');

    expect(staleCitations([{ file: 'x.ts', text }])).toEqual([
      `x.ts:3  ${doc} 99  (no section 99)`,
      `x.ts:3  ${doc} 4 "No such section"  (no heading, bold label or text "No such section")`,
      `x.ts:4  ${missing}  (no such doc)`,
    ]);
  });
});
