import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/*
 * The fonts of every browser test, brought by the tests themselves (the @fontsource/* devDependencies), so that a
 * screenshot or a measurement is the same on any machine, whatever fonts it has (issue 33):
 *
 * - Web fonts: every page gets, before its own scripts run, the bundled faces as `FontFace`s made from their bytes
 *   (no request: nothing for a Content-Security-Policy to refuse, on any origin) and a constructed stylesheet that
 *   names them first in every font stack the tests see: the page's own text, and the widgets' through the
 *   documented theming property `--sf-font-family` (the shipped widgets and the demo know nothing of them).
 * - A test-owned fontconfig: Chromium is launched with `FONTCONFIG_FILE` naming a configuration whose only fonts are
 *   the same bundled ones (as TrueType files in test-results/fonts/), so what cannot use a web font (the text of
 *   the sandbox's SVG product pictures, which an `<img>` draws with system fonts; the sandbox's own pages) comes
 *   from them too, and the machine's fonts are never seen. `E2E_SYSTEM_FONTS=1` leaves Chromium the machine's
 *   fontconfig (to prove the web fonts alone hold the widgets' text: see docs/development.md).
 *
 * Which files: the subsets (fontsource's unicode-range files) that hold a character the pages can show: every
 * character of src/, demo/ and sandbox/ (the widgets' texts in every language, the demo's pages, the seeded
 * products) and of what Intl writes for the shipped languages (dates, prices), each taken from the first family
 * of the stack whose font has its glyph (read from the font's cmap). Weights 400, 600 and 700 (the widgets' CSS).
 */

const root = resolve(import.meta.dirname, '../..');
const fontsource = resolve(root, 'node_modules/@fontsource');
/** Where the TrueType copies, the fontconfig file and its cache go. */
export const FONTS_DIR = resolve(root, 'test-results/fonts');

/** The bundled families in the order of the stacks: the first whose font has a character draws it. */
const SANS = ['noto-sans', 'noto-sans-arabic', 'noto-sans-jp'];
const SERIF = ['noto-serif', ...SANS.slice(1)];
const WEIGHTS = [400, 600, 700];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja', 'ar'];

/** The font stacks the tests' pages use: the bundled families first, then the generic family. */
export const SANS_STACK = `${familyNames(SANS)}, sans-serif`;
export const SERIF_STACK = `${familyNames(SERIF)}, serif`;

interface Subset {
  pkg: string;
  family: string;
  /** The file's name without `-<weight>-normal.woff2`, as fontsource writes it. */
  stem: string;
  unicodeRange: string;
  ranges: Array<[number, number]>;
}

function familyNames(pkgs: string[]): string {
  return pkgs.map((pkg) => `"${familyOf(pkg)}"`).join(', ');
}

function familyOf(pkg: string): string {
  const css = readFileSync(join(fontsource, pkg, '400.css'), 'utf8');
  return /font-family: '([^']+)'/.exec(css)?.[1] ?? pkg;
}

/** A package's subsets at weight 400, from its CSS: file stem and unicode-range. */
function subsetsOf(pkg: string): Subset[] {
  const css = readFileSync(join(fontsource, pkg, '400.css'), 'utf8');
  const family = familyOf(pkg);
  return [
    ...css.matchAll(/url\(\.\/files\/([^)]+)-400-normal\.woff2\)[^;]*;\s*unicode-range: ([^;]+);/g),
  ].map(([, stem, unicodeRange]) => ({
    pkg,
    family,
    stem: stem as string,
    unicodeRange: unicodeRange as string,
    ranges: (unicodeRange as string).split(',').map((range) => {
      const [from, to] = range.trim().slice(2).split('-') as [string, string?];
      return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
    }),
  }));
}

/** The sfnt inside a WOFF 1.0 file: its tables inflated (zlib) and laid out again with their directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const original = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < original ? inflateSync(raw) : raw,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    head.writeUInt32BE(table.tag, 12 + i * 16);
    head.writeUInt32BE(table.checksum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(table.data.length, 24 + i * 16);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

/** The characters an sfnt has glyphs for: its cmap's Unicode subtables of format 4 and 12. */
export function charactersOf(sfnt: Buffer): Set<number> {
  const count = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < count; i++)
    if (sfnt.toString('latin1', 12 + i * 16, 16 + i * 16) === 'cmap') cmap = sfnt.readUInt32BE(20 + i * 16);
  const found = new Set<number>();
  if (cmap < 0) return found;
  for (let i = 0; i < sfnt.readUInt16BE(cmap + 2); i++) {
    const table = cmap + sfnt.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = sfnt.readUInt16BE(table);
    if (format === 4) {
      const segments = sfnt.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const offsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = sfnt.readUInt16BE(ends + s * 2);
        const start = sfnt.readUInt16BE(starts + s * 2);
        const delta = sfnt.readUInt16BE(deltas + s * 2);
        const rangeOffset = sfnt.readUInt16BE(offsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph =
            rangeOffset === 0
              ? (c + delta) & 0xffff
              : sfnt.readUInt16BE(offsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < sfnt.readUInt32BE(table + 12); g++) {
        const at = table + 16 + g * 12;
        for (let c = sfnt.readUInt32BE(at); c <= sfnt.readUInt32BE(at + 4); c++) found.add(c);
      }
    }
  }
  return found;
}

/** Every character the pages can show: the sources' and the demo's and sandbox's, and Intl's for the languages. */
function charactersShown(): Set<number> {
  const found = new Set<number>();
  const add = (text: string) => {
    for (const ch of text) found.add(ch.codePointAt(0) as number);
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|tsx|html|css|json)$/.test(extname(path)) && !/\.test\./.test(entry.name))
        add(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of ['src', 'demo', 'sandbox']) walk(resolve(root, dir));
  for (let c = 0x20; c < 0x7f; c++) found.add(c);
  // What Intl writes: dates (the delivery slots', an order's), prices in the sandbox's currencies, numbers.
  for (const lang of LANGUAGES) {
    for (let day = 0; day < 31; day++) {
      const date = new Date(Date.UTC(2024, day % 12, day + 1, day % 24, 30));
      for (const options of [
        { dateStyle: 'full', timeStyle: 'short' },
        { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
        { month: 'long', year: 'numeric' },
      ] as const)
        add(new Intl.DateTimeFormat(lang, options).format(date));
    }
    for (const currency of ['USD', 'EUR', 'GBP', 'JPY'])
      add(new Intl.NumberFormat(lang, { style: 'currency', currency }).format(-1234567.89));
    add(new Intl.NumberFormat(lang, { style: 'percent' }).format(0.1));
    add(new Intl.NumberFormat(lang).format(9876543210.5));
    add(new Intl.PluralRules(lang).select(1));
  }
  return found;
}

export interface TestFonts {
  /** The fontconfig file whose only fonts are the bundled ones. */
  fontconfig: string;
  /** The script every page runs first: the web fonts and the stacks that name them. */
  initScript: string;
  /** The families, to wait for and to check. */
  families: string[];
  /** The characters the pages can show that no bundled font has (none expected: each is a tofu box). */
  missing: string;
}

let prepared: TestFonts | undefined;

/** Writes a file by a rename, so that two processes writing the same bytes never leave half of it. */
function writeWhole(path: string, data: Buffer | string) {
  if (existsSync(path) && statSync(path).size === Buffer.byteLength(data)) return;
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

/** The bundled fonts, chosen and written once a process (see the comment at the top). */
export function testFonts(): TestFonts {
  if (prepared) return prepared;
  const shown = charactersShown();
  const chosen = new Map<string, Subset>();
  const missing: number[] = [];
  const coverage = new Map<string, Set<number>>();
  const has = (subset: Subset, c: number) => {
    if (!subset.ranges.some(([from, to]) => c >= from && c <= to)) return false;
    const key = `${subset.pkg}/${subset.stem}`;
    let chars = coverage.get(key);
    if (!chars) {
      chars = charactersOf(
        woffToSfnt(readFileSync(join(fontsource, subset.pkg, 'files', `${subset.stem}-400-normal.woff`))),
      );
      coverage.set(key, chars);
    }
    return chars.has(c);
  };
  const subsets = new Map([...new Set([...SANS, ...SERIF])].map((pkg) => [pkg, subsetsOf(pkg)]));
  for (const c of shown) {
    // Controls and marks that draw nothing (line breaks, the bidi marks Intl writes) need no glyph, nor spaces
    // (a font without U+202F, French's narrow no-break space, has HarfBuzz draw it with its space).
    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || /\p{Cf}|\p{Z}/u.test(String.fromCodePoint(c))) continue;
    let found = false;
    for (const stack of [SANS, SERIF]) {
      for (const pkg of stack) {
        const subset = subsets.get(pkg)?.find((s) => has(s, c));
        if (subset) {
          chosen.set(`${pkg}/${subset.stem}`, subset);
          found = true;
          break;
        }
      }
    }
    if (!found) missing.push(c);
  }

  // The TrueType copies and the fontconfig that lists them alone.
  const files = join(FONTS_DIR, 'files');
  mkdirSync(files, { recursive: true });
  const faces: Array<{ family: string; weight: number; unicodeRange: string; file: number }> = [];
  const data: string[] = [];
  for (const subset of chosen.values())
    for (const weight of WEIGHTS) {
      const name = `${subset.stem}-${weight}-normal`;
      const woff = join(fontsource, subset.pkg, 'files', `${name}.woff`);
      if (!existsSync(woff)) continue;
      writeWhole(join(files, `${name}.ttf`), woffToSfnt(readFileSync(woff)));
      data.push(readFileSync(join(fontsource, subset.pkg, 'files', `${name}.woff2`)).toString('base64'));
      faces.push({ family: subset.family, weight, unicodeRange: subset.unicodeRange, file: data.length - 1 });
    }
  const prefer = (pkgs: string[]) =>
    `<prefer>${pkgs.map((pkg) => `<family>${familyOf(pkg)}</family>`).join('')}</prefer>`;
  const fontconfig = join(FONTS_DIR, 'fonts.conf');
  writeWhole(
    fontconfig,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      "<!-- Written by test/e2e/fonts.ts: the bundled fonts alone, for the tests' Chromium. -->",
      '<fontconfig>',
      `  <dir>${files}</dir>`,
      `  <cachedir>${join(FONTS_DIR, 'cache')}</cachedir>`,
      ...['sans-serif', 'system-ui', 'monospace', 'cursive', 'fantasy'].map(
        (generic) => `  <alias><family>${generic}</family>${prefer(SANS)}</alias>`,
      ),
      `  <alias><family>serif</family>${prefer(SERIF)}</alias>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );

  const families = [...new Set(faces.map((face) => face.family))];
  prepared = {
    fontconfig,
    families,
    missing: String.fromCodePoint(...missing),
    initScript: `(${installFonts.toString()})(${JSON.stringify({ faces, data, sans: SANS_STACK, serif: SERIF_STACK })});`,
  };
  return prepared;
}

/**
 * Runs in every page and frame before its scripts: adds the faces, and a constructed stylesheet (which a
 * Content-Security-Policy does not refuse) naming them first: the page's own text in the serif (the demo's
 * Georgia), the drawer and the modal through `--sf-font-family` in the sans (their default stack is a system
 * sans), and the product elements and the member badge with no `--sf-font-family` of their own, so that they
 * take the page's font as they do by default (the demo gives the products Georgia, the page's font, through that
 * property).
 */
function installFonts(config: {
  faces: Array<{ family: string; weight: number; unicodeRange: string; file: number }>;
  data: string[];
  sans: string;
  serif: string;
}) {
  const buffers = config.data.map((base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer);
  for (const face of config.faces) {
    const fontFace = new FontFace(face.family, buffers[face.file] as ArrayBuffer, {
      weight: String(face.weight),
      unicodeRange: face.unicodeRange,
    });
    document.fonts.add(fontFace);
  }
  const widgets = 'sf-cart-drawer, sf-login-modal, sf-member-badge, sf-product-grid, sf-product';
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    [
      `:root, sf-cart-drawer, sf-login-modal { --sf-font-family: ${config.sans} !important; }`,
      `:not(${widgets}) { font-family: ${config.serif} !important; }`,
      `sf-product-grid, sf-product, sf-member-badge { --sf-font-family: initial !important; }`,
    ].join('\n'),
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  (window as { testFontStack?: CSSStyleSheet }).testFontStack = sheet;
}

/**
 * Takes the tests' font stack off a page (the faces stay), for a test of which font the widgets take from the
 * page and its `--sf-font-family`: the stack's `!important` rules would otherwise decide.
 */
export async function withoutTestFontStack(page: Page): Promise<void> {
  await page.evaluate(() => {
    const stack = (window as { testFontStack?: CSSStyleSheet }).testFontStack;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== stack);
  });
}

/**
 * Resolves once the page's bundled fonts are loaded: `document.fonts.ready`, then every bundled face checked
 * loaded (`document.fonts.check` of each family's own characters), never a fixed wait. Before any screenshot or
 * measurement.
 */
export async function fontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(async (families) => {
    // A layout first: a face is needed (and its loading starts) once the text that uses it is laid out.
    document.documentElement.getBoundingClientRect();
    await document.fonts.ready;
    const faces = [...document.fonts].filter((face) => families.includes(face.family.replace(/"/g, '')));
    return faces.length > 0 && faces.every((face) => face.status === 'loaded');
  }, testFonts().families);
}
