/**
 * `npm start` (after the build): the sandbox on 4100 and the demo shop on 4000, until Ctrl-C.
 * `SANDBOX_ALLOWED_ORIGINS=http://localhost:5500` lets a page of your own use the sandbox too, and
 * `SANDBOX_ALLOWED_HOSTS=my-machine.local` has it answer requests for another name than loopback's.
 */
import { SANDBOX_IDP_ID } from '../sandbox/identity';
import { idpKeyFromEnv } from '../sandbox/idp';
import { hostsFromEnv, originsFromEnv } from '../sandbox/server';
import { startServers } from './servers';

const demoPort = Number(process.env.DEMO_PORT ?? 4000);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4100);
try {
  const extraOrigins = originsFromEnv(process.env.SANDBOX_ALLOWED_ORIGINS);
  const allowedHosts = hostsFromEnv(process.env.SANDBOX_ALLOWED_HOSTS);
  const servers = await startServers({
    demoPort,
    sandboxPort,
    extraOrigins,
    allowedHosts,
    log: (line) => console.warn(line),
  });
  console.log(`Sandbox platform: ${servers.sandboxUrl}`);
  console.log(`Demo shop:        ${servers.demoUrl}/`);
  console.log(
    `Sign-on key:      "${idpKeyFromEnv()}" (SANDBOX_IDP_KEY): HS256 id_tokens of identity provider ${SANDBOX_IDP_ID}`,
  );
  console.log(
    `Webhooks:         POST ${servers.sandboxUrl}/_sandbox/webhooks {"url": …}; public key ${servers.sandboxUrl}/_sandbox/webhooks/public-key`,
  );
  if (extraOrigins.length)
    console.log(`Also allowed:     ${extraOrigins.join(', ')} (SANDBOX_ALLOWED_ORIGINS)`);
  if (allowedHosts.length)
    console.log(`Also answered:    requests for ${allowedHosts.join(', ')} (SANDBOX_ALLOWED_HOSTS)`);
  console.log('Demo member: jane@example.com / storefront-demo. Press Ctrl-C to stop.');
  const stop = () => void servers.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const err = error as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') {
    console.error(
      `A port is already in use (${err.message}). Stop the other server, or set DEMO_PORT and SANDBOX_PORT.`,
    );
  } else console.error(`Could not start: ${err.message}`);
  process.exit(1);
}
