/** Options: the server address (a self-hosted install), and the account this browser is connected to. */
import { fill, h, send } from './dom';
import { BUILT_SERVER, readLocal, readSession } from './state';

const form = document.getElementById('server-form') as HTMLFormElement;
const input = document.getElementById('server') as HTMLInputElement;
const status = document.getElementById('server-status')!;
const account = document.getElementById('account')!;

function origin(value: string): string | null {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

async function save(value: string) {
  const o = origin(value);
  if (!o) {
    status.className = 'error';
    status.textContent = 'Enter the address of a Plainspoken site, starting with https://';
    return;
  }
  // Host access for another server is asked for now, in the click (the built-in one is granted at install).
  if (o !== new URL(BUILT_SERVER).origin) {
    const granted = await chrome.permissions.request({ origins: [`${o}/*`] }).catch(() => false);
    if (!granted) {
      status.className = 'error';
      status.textContent = 'The browser did not allow access to that server, so the address was not changed.';
      return;
    }
  }
  const { server } = await readLocal();
  if ((server ?? BUILT_SERVER) !== o) {
    // A token belongs to one server: changing the server disconnects this browser.
    await send({ type: 'disconnect' });
  }
  await chrome.storage.local.set({ server: o });
  input.value = o;
  status.className = 'ok';
  status.textContent = `Saved. The extension uses ${o}.`;
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void save(input.value);
});
document.getElementById('reset')!.addEventListener('click', () => void save(BUILT_SERVER));

async function render() {
  const [local, session] = await Promise.all([readLocal(), readSession()]);
  if (document.activeElement !== input) input.value = local.server ?? BUILT_SERVER;
  if (local.token) {
    const a = local.account;
    account.replaceChildren(
      h(
        'p',
        {},
        a
          ? `Connected as ${a.email} (${a.tier === 'FREE' ? 'Free' : a.tier} plan, ${a.balance} words left).`
          : 'Connected.',
      ),
      h('button', { type: 'button', onclick: () => void send({ type: 'disconnect' }) }, 'Disconnect this browser'),
    );
  } else {
    fill(
      account,
      local.notice
        ? h('p', { class: 'error' }, local.notice)
        : h('p', { class: 'muted' }, 'This browser is not connected.'),
      session.connecting?.status === 'waiting'
        ? h('p', { class: 'muted' }, 'Approve the connection in the Plainspoken tab that opened.')
        : null,
      h(
        'button',
        { type: 'button', class: 'primary', onclick: () => void send({ type: 'connect' }) },
        'Connect to Plainspoken',
      ),
    );
  }
}

chrome.storage.onChanged.addListener(() => void render());
void render();
void send({ type: 'refresh-account' });
