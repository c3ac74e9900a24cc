/**
 * The public site's talk script, loaded only on pages with messages or
 * comments (server/rendering/page-shell.ts `hasTalk`). Everything it
 * enhances works without it: the forms post and come back with a notice.
 * With it, the member's messages are sent without a reload and the
 * creator's replies appear as they arrive (Server-Sent Events; the browser
 * reconnects and resends the last id, so nothing is missed). Text is only
 * ever set with textContent.
 */
import type { MessageAnswer, MessageEvent, MessageJson } from '../../common/api/messages.ts';
import type { ApiErrorBody } from '../../common/error-codes.ts';

function messageItem(message: MessageJson, creator: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = `talk__message talk__message--${message.sender}`;
  item.dataset.id = String(message.id);
  const body = document.createElement('p');
  body.className = 'talk__text';
  body.textContent = message.text;
  item.append(body);
  for (const attachment of message.attachments) {
    const image = document.createElement('img');
    image.className = 'talk__image';
    image.src = attachment.url;
    image.alt = attachment.alt;
    item.append(image);
  }
  const meta = document.createElement('span');
  meta.className = 'talk__meta';
  const time = document.createElement('time');
  time.dateTime = message.createdAt;
  time.textContent = new Date(message.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  meta.append(`${message.sender === 'creator' ? creator : 'You'} · `, time);
  item.append(meta);
  return item;
}

function enhanceMessages(section: HTMLElement) {
  const handle = section.dataset.talk!;
  const creator = section.dataset.creator ?? '';
  const list = section.querySelector<HTMLOListElement>('.talk__list')!;
  const add = (message: MessageJson) => {
    if (list.querySelector(`[data-id="${message.id}"]`)) return;
    section.querySelector('.talk__empty')?.remove();
    list.append(messageItem(message, creator));
  };

  const events = new EventSource(`/api/messages/events?lastEventId=${encodeURIComponent(section.dataset.last ?? '0')}`);
  events.addEventListener('message', (event) => {
    const data = JSON.parse((event as globalThis.MessageEvent<string>).data) as MessageEvent;
    if (data.siteId !== section.dataset.site) return;
    add(data.message);
    // The member is looking at it: reading the thread marks the reply read, so no e-mail follows.
    if (data.message.sender === 'creator') void fetch(`/api/sites/${encodeURIComponent(handle)}/messages`, { credentials: 'same-origin' });
  });

  const form = section.querySelector<HTMLFormElement>('.talk__form');
  if (!form) return;
  const error = form.querySelector<HTMLElement>('.talk__error')!;
  const field = form.querySelector<HTMLTextAreaElement>('textarea')!;
  const button = form.querySelector<HTMLButtonElement>('button')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    error.textContent = '';
    if (!field.value.trim()) {
      error.textContent = 'Write a message first.';
      return;
    }
    button.disabled = true;
    void fetch(`/api/sites/${encodeURIComponent(handle)}/messages`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: field.value }),
    })
      .then(async (response) => {
        const answer = (await response.json()) as MessageAnswer | ApiErrorBody;
        if ('error' in answer) {
          error.textContent = answer.error.message;
          return;
        }
        add(answer.message);
        field.value = '';
      })
      .catch(() => {
        error.textContent = 'Your message could not be sent. Check your connection and try again.';
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}

/**
 * Comments: each form posts as it would without the script, and the section
 * of the page it comes back to (rendered by the server, as every reader sees
 * it) replaces this one: no reload, the place on the page kept.
 */
function enhanceComments(section: HTMLElement) {
  section.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const button = form.querySelector('button');
    if (button) button.disabled = true;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
    void fetch(form.action, { method: 'POST', body, credentials: 'same-origin' })
      .then(async (response) => {
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const fresh = page.querySelector<HTMLElement>('[data-comments]');
        if (!response.ok || !fresh) throw new Error(`comments answered ${response.status}`);
        section.replaceWith(fresh);
        enhanceComments(fresh);
        const notice = fresh.querySelector<HTMLElement>('.notice');
        const target = notice ?? fresh.querySelector<HTMLElement>('h2');
        target?.setAttribute('tabindex', '-1');
        target?.focus();
      })
      .catch(() => {
        // The plain form still works: send it the way the page would without this script.
        form.submit();
      });
  });
}

for (const section of document.querySelectorAll<HTMLElement>('[data-talk]')) enhanceMessages(section);
for (const section of document.querySelectorAll<HTMLElement>('[data-comments]')) enhanceComments(section);
