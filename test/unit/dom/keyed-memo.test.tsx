import { act } from 'preact/test-utils';
import { describe } from 'vitest';
import { keyedMemoCases } from '../../helpers/keyed-memo-cases';

// On preact/compat, as the script tag runs the widgets.
describe('useKeyedMemo on preact/compat', () => keyedMemoCases(act));
