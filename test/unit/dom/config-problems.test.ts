import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

// What the loader imports on demand, here once: the test waits for it, not for vitest loading it.
beforeAll(() => importChunks('configProblems'), CHUNK_TIMEOUT_MS);
afterEach(() => vi.restoreAllMocks());

describe('a script tag with attributes the loader cannot use', () => {
  it('says on the console what is wrong with each, once its texts have come, and keeps going with the defaults', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const script = document.createElement('script');
    script.dataset.theme = 'neon';
    script.dataset.currency = 'dollars';
    const { config } = boot({ script });
    // (`auto`, the default, follows the page: a white one here.)
    expect(config).toMatchObject({ clientId: '', theme: 'light', currency: 'USD' });
    // The texts are a chunk of their own, downloaded for such a tag only: said once it has come.
    expect(errors).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(3));
    expect(errors.mock.calls.map((call) => call[0])).toEqual([
      '[storefront] data-client-id is missing: add data-client-id="<your OAuth client id>" to the script tag',
      '[storefront] data-currency "dollars" is not an ISO 4217 code such as USD; using USD',
      '[storefront] data-theme "neon" is not light, dark or auto; using auto',
    ]);
  });
});
