import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as subset from '../../../src/ui/react-subset/react';

const root = join(import.meta.dirname, '../../../node_modules');
/** The libraries whose `react` and `react-dom` the script tag's build narrows (build/react-subset.ts). */
const LIBRARIES = ['@floating-ui/react/dist', '@floating-ui/react-dom/dist', 'zustand/esm'];

/** Every React function those libraries' ES modules name: `React.x`, `ReactDOM.x`, `{ x } from 'react'`. */
function namesUsed(): Set<string> {
  const names = new Set<string>();
  for (const dir of LIBRARIES)
    for (const file of readdirSync(join(root, dir)).filter((f) => f.endsWith('.mjs'))) {
      const code = readFileSync(join(root, dir, file), 'utf8');
      for (const m of code.matchAll(/\b(?:React|ReactDOM|SafeReact)\.(\w+)/g)) names.add(m[1] as string);
      for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]react(?:-dom)?['"]/g))
        for (const part of (m[1] as string).split(',')) names.add(part.trim().split(/\s+as\s+/)[0] as string);
    }
  names.delete('');
  return names;
}

describe('the React functions the libraries get in the script tag’s build (src/ui/react-subset)', () => {
  it('are every one @floating-ui/react and zustand use, and real functions of preact/compat', () => {
    const used = [...namesUsed()].sort();
    expect(used).toContain('useRef');
    const missing = used.filter((name) => !(name in subset));
    expect(missing).toEqual([]);
    const exported: Record<string, unknown> = { ...subset };
    for (const name of used) expect(exported[name], name).toBeTruthy();
    // zustand reads its hook through the default object.
    expect(Object.keys(subset.default).sort()).toEqual([
      'useCallback',
      'useDebugValue',
      'useSyncExternalStore',
    ]);
  });
});
