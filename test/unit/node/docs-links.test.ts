import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stand alone: every relative link and image of README.md, CHANGELOG.md and docs/**\/*.md names a
 * file of this repository, every `#fragment` a heading of its target (GitHub's slugs), and nothing points
 * outside the repository (a `../` past its root, the platform's own specification files that a clone does not
 * have). docs/platform.md holds what the docs need of the platform's contract.
 */
const root = resolve(import.meta.dirname, '../../..');

/** Files that live beside the repository on the maintainers' machines, never in a clone. */
const OUTSIDE_NAMES = ['SPEC.md', 'WIRE.md', 'STYLE.md', 'CART-V2.md', 'ENTITIES.md', 'WEBHOOKS.md'];

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  return ['README.md', 'CHANGELOG.md', ...docs.sort()];
}

interface Line {
  number: number;
  text: string;
  /** Inside a fenced code block (or its fence): no links, no headings. */
  code: boolean;
}

function linesOf(markdown: string): Line[] {
  let fence: string | null = null;
  return markdown.split('\n').map((text, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === null && marker) {
      fence = marker;
      return { number: index + 1, text, code: true };
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker)
        fence = null;
      return { number: index + 1, text, code: true };
    }
    return { number: index + 1, text, code: false };
  });
}

/** GitHub's anchor for a heading: its text as rendered, lowercased, punctuation removed, spaces as '-'. */
function slugOf(heading: string): string {
  const rendered = heading
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a markdown file: its headings' slugs (a repeated one gets -1, -2, …) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const add = (heading: string) => {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  };
  const lines = linesOf(markdown);
  lines.forEach((line, i) => {
    if (line.code) return;
    const atx = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line.text);
    if (atx?.[1] !== undefined) add(atx[1]);
    const next = lines[i + 1];
    if (!atx && next && !next.code && line.text.trim() && /^ {0,3}(=+|-+)\s*$/.test(next.text)) {
      if (!/^\s*([-*+|>]|\d+\.)/.test(line.text)) add(line.text);
    }
    for (const match of line.text.matchAll(/<a\s[^>]*(?:id|name)\s*=\s*["']([^"']+)["']/gi))
      if (match[1]) anchors.add(match[1]);
  });
  return anchors;
}

/** Every link and image target on a line that is not code: markdown, reference definitions and HTML. */
function targetsOf(text: string): string[] {
  const prose = text.replace(/(`+)[\s\S]*?\1/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(match[1] ?? '');
  const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(prose);
  if (definition?.[1]) targets.push(definition[1]);
  for (const match of prose.matchAll(
    /<(?:img|a|source)\b[^>]*?\s(?:src|href|srcset)\s*=\s*["']([^"']+)["']/gi,
  ))
    targets.push(match[1] ?? '');
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, 'utf8'));
    anchorCache.set(path, anchors);
  }
  return anchors;
}

/** What is wrong with one file's links and text, one message each, naming the file, the line and the link. */
function problemsOf(file: string, markdown: string): string[] {
  const problems: string[] = [];
  const here = join(root, file);
  for (const line of linesOf(markdown)) {
    const where = `${file}:${line.number}`;
    if (line.text.includes('../shared')) problems.push(`${where}: points outside the repository (../shared)`);
    for (const name of OUTSIDE_NAMES) {
      if (new RegExp(`(^|[^\\w.-])${name.replace('.', '\\.')}\\b`).test(line.text))
        problems.push(`${where}: names ${name}, which is not in the repository`);
    }
    if (line.code) continue;
    for (const raw of targetsOf(line.text)) {
      if (!raw || isExternal(raw)) continue;
      const [pathPart = '', fragment] = raw.split('#', 2) as [string, string | undefined];
      const path = decodeURI(pathPart);
      if (path === '') {
        // This page's own heading.
        if (fragment && !anchorsOf(markdown).has(decodeURIComponent(fragment)))
          problems.push(`${where}: ${raw}: no heading of ${file} has the anchor #${fragment}`);
        continue;
      }
      const target = path.startsWith('/') ? join(root, path) : resolve(dirname(here), path);
      const inRepo = relative(root, target);
      if (inRepo.startsWith('..') || resolve(root, inRepo) !== target) {
        problems.push(`${where}: ${raw} points outside the repository`);
        continue;
      }
      if (!existsSync(target)) {
        problems.push(`${where}: ${raw}: ${inRepo} does not exist`);
        continue;
      }
      if (fragment === undefined || !target.endsWith('.md') || statSync(target).isDirectory()) continue;
      if (!anchorsOfFile(target).has(decodeURIComponent(fragment)))
        problems.push(`${where}: ${raw}: no heading of ${inRepo} has the anchor #${fragment}`);
    }
  }
  return problems;
}

describe('the docs stand alone', () => {
  it('slugs headings as GitHub does', () => {
    expect(slugOf('`::part()` names')).toBe('part-names');
    expect(slugOf("The sandbox's webhooks")).toBe('the-sandboxs-webhooks');
    expect(slugOf('Next.js and other server-rendering frameworks')).toBe(
      'nextjs-and-other-server-rendering-frameworks',
    );
    expect(slugOf('[Cart V2](cart-v2.md) in the sandbox')).toBe('cart-v2-in-the-sandbox');
    expect(slugOf('Bodies: JSON shape and casing')).toBe('bodies-json-shape-and-casing');
    expect([...anchorsOf('# A\n\n## A\n\n```\n# not a heading\n```\nB b\n---\n')]).toEqual([
      'a',
      'a-1',
      'b-b',
    ]);
  });

  it('finds what is wrong with a broken page', () => {
    const page = [
      '# Title',
      '[gone](nowhere.md) [bad anchor](../README.md#no-such-heading) [up](../../elsewhere.md)',
      '<img src="img/none.png" alt=""> [fine](#title) [web](https://example.com/x.md)',
      'The contract is in `../shared/SPEC.md`.',
      '```sh',
      'cat WIRE.md',
      '```',
    ].join('\n');
    expect(problemsOf('docs/broken.md', page)).toEqual([
      'docs/broken.md:2: nowhere.md: docs/nowhere.md does not exist',
      'docs/broken.md:2: ../README.md#no-such-heading: no heading of README.md has the anchor #no-such-heading',
      'docs/broken.md:2: ../../elsewhere.md points outside the repository',
      'docs/broken.md:3: img/none.png: docs/img/none.png does not exist',
      'docs/broken.md:4: points outside the repository (../shared)',
      'docs/broken.md:4: names SPEC.md, which is not in the repository',
      'docs/broken.md:6: names WIRE.md, which is not in the repository',
    ]);
  });

  it.each(markdownFiles())('%s: every relative link and image resolves, nothing points outside', (file) => {
    expect(problemsOf(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it("names the package's tarball by package.json's version", () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const stale = markdownFiles().flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/storefront-widgets-(\d+\.\d+\.\d+[\w.-]*)\.tgz/g)]
        .filter((match) => match[1] !== version)
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(stale).toEqual([]);
  });
});
