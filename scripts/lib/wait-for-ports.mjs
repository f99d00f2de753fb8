// node scripts/lib/wait-for-ports.mjs PORT... : waits until every port on 127.0.0.1 accepts a
// connection (npm start starts the dev server once the sandbox and its contract proxy listen, so
// the first page a person opens is not a "network error"). Exits 1 after WAIT_TIMEOUT_MS (120 s).
import net from 'node:net';

const ports = process.argv.slice(2).map(Number);
const until = Date.now() + Number(process.env.WAIT_TIMEOUT_MS ?? 120_000);

const open = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

for (const port of ports) {
  while (!(await open(port))) {
    if (Date.now() > until) {
      console.error(`wait-for-ports: nothing listens on port ${port} after waiting`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
