// nginx for `npm run start:cluster`: finding (or, as root, installing) Debian's
// package, and rendering deploy/nginx/cluster.conf.template.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const CLUSTER_TEMPLATE = join(root, 'deploy/nginx/cluster.conf.template');
const DEFAULT_NGINX = '/usr/sbin/nginx';
const isRoot = process.getuid?.() === 0;

const INSTALL_HINT =
  "nginx is not installed. Install Debian's package and run this again:\n" +
  '  sudo apt-get install -y nginx\n' +
  `(or set NGINX_BIN to an nginx binary). It runs here as your user from a temporary directory; it needs no service of its own.`;

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Debian's postinst starts and enables the packaged nginx (the default site on
 * port 80) where an init system runs: we want none of it, only the binary.
 */
function stopPackagedService(log) {
  if (existsSync('/run/systemd/system') && commandExists('systemctl')) {
    spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'ignore' });
  } else if (commandExists('invoke-rc.d')) {
    spawnSync('invoke-rc.d', ['nginx', 'stop'], { stdio: 'ignore' });
  }
  log("stopped the packaged nginx service (Debian's default site): only this cluster's nginx runs");
}

/** The nginx binary: NGINX_BIN, Debian's /usr/sbin/nginx, or (as root with apt-get) installed now; throws a message saying what to install. */
export function ensureNginx(log = () => {}) {
  const given = process.env.NGINX_BIN;
  if (given) {
    if (!existsSync(given)) throw new Error(`NGINX_BIN is ${given}, which does not exist.`);
    return given;
  }
  if (existsSync(DEFAULT_NGINX)) return DEFAULT_NGINX;
  if (!isRoot || !commandExists('apt-get')) throw new Error(INSTALL_HINT);
  log("installing nginx with apt-get (Debian's package)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  if (!existsSync(DEFAULT_NGINX)) throw new Error(`apt-get could not install nginx.\n${INSTALL_HINT}`);
  stopPackagedService(log);
  return DEFAULT_NGINX;
}

/**
 * The cluster's nginx configuration from the committed template.
 *   listen: 'host:port' or 'port'; replicas: [{ name: 'api-1', address: '127.0.0.1:4101' }].
 */
export function renderClusterConfig({ listen, replicas, asRoot = isRoot, template = readFileSync(CLUSTER_TEMPLATE, 'utf8') }) {
  const values = {
    // As root, workers drop to nobody (nginx hands them its temp directories).
    USER: asRoot ? 'user nobody nogroup;' : '# (not root: the workers run as the current user)',
    LISTEN: String(listen),
    UPSTREAM_SERVERS: replicas.map(({ address }) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n'),
    REPLICA_NAMES: replicas.map(({ name, address }) => `    ${address} ${name};`).join('\n'),
  };
  const rendered = template.replace(/\{\{([A-Z_]+)\}\}/g, (match, key) => {
    if (!(key in values)) throw new Error(`${CLUSTER_TEMPLATE}: unknown placeholder ${match}`);
    return values[key];
  });
  return rendered;
}
