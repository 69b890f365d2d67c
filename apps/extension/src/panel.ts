/**
 * The side panel: what the site shows for the job the menu or shortcut started (the result, the score
 * before and after, what happened and what was charged, the sentence highlights with their reasons, Copy
 * and Replace), or the site's own message; Connect when the extension has no token.
 */
import {
  aiCheckVerdictDetail,
  DOC_VERDICT_TITLES,
  SCORE_FLAG_AT,
  SCORE_SOME_SIGNS_AT,
  type ExtensionAccount,
} from '@plainspoken/shared/extension';
import { fill, h, put, send } from './dom';
import { ACTIONS, ACTION_TITLES, readLocal, readSession, type Job, type Local, type Session } from './state';

type Sentence = { start: number; end: number; score: number; flagged: boolean; reasons: string[] };

const app = document.getElementById('app')!;
document.getElementById('options')!.addEventListener('click', () => void chrome.runtime.openOptionsPage());

const pct = (s: number | null | undefined) => (typeof s === 'number' ? `${Math.round(s)}%` : 'No score');
const tierName = (t: string) => (t === 'FREE' ? 'Free' : t);
const level = (s: Sentence) =>
  s.flagged || s.score >= SCORE_FLAG_AT ? 'high' : s.score >= SCORE_SOME_SIGNS_AT ? 'mid' : null;

function accountLine(a: ExtensionAccount | undefined) {
  if (!a) return null;
  return h(
    'p',
    { class: 'muted', 'data-testid': 'account' },
    `${a.email} · ${tierName(a.tier)} plan · ${a.balance} words left this month`,
  );
}

function connectCard(local: Local, session: Session) {
  const waiting = session.connecting?.status === 'waiting';
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'connect-title' },
    h('h2', { id: 'connect-title' }, 'Connect to Plainspoken'),
    h(
      'p',
      {},
      'Humanize and check the text you select with your Plainspoken account: your plan, words and saved writing options.',
    ),
    local.notice ? h('p', { class: 'error', role: 'alert' }, local.notice) : null,
    session.connecting?.status === 'failed'
      ? h('p', { class: 'error', role: 'alert' }, session.connecting.message ?? '')
      : null,
    waiting ? h('p', { class: 'muted' }, 'Approve the connection in the Plainspoken tab that opened.') : null,
    h(
      'button',
      { type: 'button', class: 'primary', onclick: () => void send({ type: 'connect' }) },
      waiting ? 'Open the approval page again' : 'Connect to Plainspoken',
    ),
  );
}

/** The text with its scored sentences marked, and the reasons listed for keyboard and screen-reader users. */
function highlighted(text: string, sentences: Sentence[]) {
  const box = h('div', { class: 'result', tabindex: '0', 'aria-label': 'Result text', 'data-testid': 'result-text' });
  const reasons = h('ul', { class: 'reasons' });
  let at = 0;
  for (const s of [...sentences].sort((a, b) => a.start - b.start)) {
    const lv = level(s);
    if (!lv || s.start < at) continue;
    box.append(text.slice(at, s.start));
    const part = text.slice(s.start, s.end);
    const why = s.reasons.length
      ? s.reasons.join('; ')
      : lv === 'high'
        ? 'Reads as machine-written'
        : 'Some machine-like signs';
    box.append(h('mark', { class: lv, title: `${Math.round(s.score)}% AI: ${why}` }, part));
    const quote = part.length > 90 ? `${part.slice(0, 87)}…` : part;
    reasons.append(h('li', {}, h('q', {}, quote), ` ${Math.round(s.score)}% AI: ${why}`));
    at = s.end;
  }
  box.append(text.slice(at));
  return [
    box,
    reasons.childElementCount
      ? h('section', { 'aria-label': 'Highlighted sentences' }, h('h3', {}, 'Highlighted sentences'), reasons)
      : null,
  ];
}

const TARGET_NOTE: Record<Job['target'], string | null> = {
  field: null,
  rich: null,
  page: 'The selection is not in a field you can type in: copy the result.',
  blocked: 'The browser does not let extensions write into this page: copy the result.',
  pasted: null,
  canvas:
    'This editor draws its own text (as Google Docs does), so the extension cannot write into it. Copy the result and paste it over your selection.',
};

async function copy(text: string, status: HTMLElement) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied.';
  } catch {
    status.textContent = 'Copying was refused by the browser: select the result and copy it.';
  }
}

function jobView(job: Job) {
  const title = ACTION_TITLES[job.action];
  const head = h('h2', { id: 'job-title' }, title);
  const card = h('section', {
    class: 'card',
    'aria-labelledby': 'job-title',
    'data-testid': 'job',
    'data-status': job.status,
  });
  card.append(head);
  if (job.status === 'reading' || job.status === 'working') {
    card.append(
      h(
        'p',
        { role: 'status' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        job.status === 'reading'
          ? 'Reading the selection…'
          : `${job.action === 'check-ai' ? 'Checking' : 'Humanizing'} ${job.words} words…`,
      ),
    );
    return card;
  }
  if (job.status === 'signed-out' || job.status === 'failed') {
    card.append(
      h(
        'p',
        { class: 'error', role: 'alert', 'data-testid': 'job-error' },
        job.error?.message ?? 'Connect the extension to your Plainspoken account first.',
      ),
    );
    if (job.status === 'failed' && job.error?.code !== 'NO_SELECTION')
      card.append(h('p', { class: 'muted' }, 'Nothing in the page was changed.'));
    return card;
  }
  const status = h('p', { role: 'status', class: 'muted' });
  if (job.checked) {
    const c = job.checked;
    put(
      card,
      h(
        'div',
        { class: 'score' },
        h('span', { class: 'muted' }, 'AI score'),
        h('b', { 'data-testid': 'check-score' }, pct(c.score)),
      ),
      h('p', {}, h('strong', { 'data-testid': 'check-verdict' }, DOC_VERDICT_TITLES[c.verdict])),
      // The site's line under the verdict, and how sure the check is for a short text or an email (decision 0058).
      h('p', { 'data-testid': 'check-detail' }, aiCheckVerdictDetail(c.verdict, c.composition, c.caution)),
      c.caution && c.verdict !== 'unclear'
        ? h('p', { class: 'muted', 'data-testid': 'check-caution' }, c.caution)
        : null,
      h(
        'p',
        { class: 'muted' },
        `AI ${c.composition.ai}% · mixed ${c.composition.mixed}% · human ${c.composition.human}% of ${c.words} words. Checking costs no words.`,
      ),
      ...highlighted(job.text, c.sentences),
    );
    return card;
  }
  const r = job.humanized!;
  const buttons = h('div', { class: 'row' });
  if ((job.target === 'field' || job.target === 'rich') && job.replace?.status !== 'done')
    buttons.append(
      h('button', { type: 'button', class: 'primary', onclick: () => void send({ type: 'replace' }) }, 'Replace'),
    );
  buttons.append(h('button', { type: 'button', onclick: () => void copy(r.humanized_text, status) }, 'Copy'));
  put(
    card,
    h(
      'div',
      { class: 'scores' },
      h(
        'div',
        { class: 'score' },
        h('span', { class: 'muted' }, 'Before'),
        h('b', { 'data-testid': 'score-before' }, pct(r.score_before)),
      ),
      h(
        'div',
        { class: 'score' },
        h('span', { class: 'muted' }, 'After'),
        h('b', { 'data-testid': 'score-after' }, pct(r.score_after)),
      ),
    ),
    h('p', { 'data-testid': 'summary' }, r.summary),
    h('details', {}, h('summary', {}, 'Your selection'), h('div', { class: 'result' }, job.text)),
    ...r.notes.map((n) => h('p', { class: 'muted' }, n)),
    h('p', { 'data-testid': 'charged' }, `${r.cost} · ${r.remaining_balance} words left this month.`),
    ...highlighted(r.humanized_text, r.sentences_after),
    TARGET_NOTE[job.target] ? h('p', { class: 'muted', 'data-testid': 'target-note' }, TARGET_NOTE[job.target]) : null,
    buttons,
    job.replace
      ? h(
          'p',
          { class: job.replace.status === 'done' ? 'ok' : 'error', role: 'status', 'data-testid': 'replace-status' },
          job.replace.message,
        )
      : null,
    status,
  );
  return card;
}

/** Text pasted here instead of selected (canvas editors): the same actions, Copy only. */
function pasteBox(open: boolean) {
  const area = h('textarea', { id: 'paste', rows: '4' });
  const run = (action: (typeof ACTIONS)[number]) => {
    if (area.value.trim()) void send({ type: 'run', action, text: area.value });
  };
  const d = h(
    'details',
    {},
    h('summary', {}, 'Paste text instead'),
    h('label', { for: 'paste' }, 'Text'),
    area,
    h(
      'div',
      { class: 'row' },
      ...ACTIONS.map((a) => h('button', { type: 'button', onclick: () => run(a) }, ACTION_TITLES[a])),
    ),
  );
  d.open = open;
  return d;
}

async function render() {
  const [local, session] = await Promise.all([readLocal(), readSession()]);
  const job = session.job;
  const focused = document.activeElement?.id;
  fill(
    app,
    ...(local.token ? [accountLine(local.account)] : [connectCard(local, session)]),
    job
      ? jobView(job)
      : h(
          'p',
          { class: 'muted' },
          'Select text on a page, then right-click and choose Plainspoken, or press Alt+Shift+H (Deep), Alt+Shift+L (Lightning) or Alt+Shift+K (Check for AI).',
        ),
    local.token ? pasteBox(job?.target === 'canvas' && job.status === 'failed') : null,
  );
  if (focused) document.getElementById(focused)?.focus();
}

chrome.storage.onChanged.addListener(() => void render());
void render();
void send({ type: 'refresh-account' });
