import { act } from 'react';
import { describe } from 'vitest';
import { keyedMemoCases } from '../../helpers/keyed-memo-cases';

// On React 19 (the `react` project) and 18 (`react18`).
describe('useKeyedMemo on React', () => keyedMemoCases(act));
