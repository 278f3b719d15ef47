import type { ApiKeyFieldsFragment as ApiKey, ApiKeyScope } from './gql/graphql.ts';
import { execute } from './graphql-client.ts';
import {
  ApiKeysQuery,
  CreateApiKeyMutation,
  RevokeApiKeyMutation,
  RotateApiKeyMutation,
} from './key-queries.ts';

const DAY_MS = 86_400_000;

const when = (iso: string | null, none: string) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : none;

function cell(value: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = value;
  return td;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * The settings view: an organization's administrator pastes an ADMIN key, then lists,
 * creates, rotates and revokes the organization's keys. The pasted key lives in this
 * page's memory only (never in storage, so a reload forgets it), and a new secret is
 * shown once, until the next action.
 */
export function setupKeysView(dialog: HTMLDialogElement, opener: HTMLButtonElement): void {
  const $ = <T extends HTMLElement>(selector: string) => dialog.querySelector(selector) as T;
  const auth = $<HTMLFormElement>('#keys-auth');
  const create = $<HTMLFormElement>('#keys-create');
  const status = $<HTMLParagraphElement>('#keys-status');
  const secret = $<HTMLDivElement>('#keys-secret');
  const table = $<HTMLTableElement>('#keys-table');
  const overlap = $<HTMLSelectElement>('#keys-overlap');
  let adminKey = '';

  /** Runs one action against the API: its error, or nothing, in the status line. */
  async function act(action: () => Promise<void>): Promise<void> {
    status.textContent = '';
    status.className = '';
    try {
      await action();
    } catch (error) {
      status.textContent = (error as Error).message;
      status.className = 'error';
    }
  }

  function showSecret(key: string | null): void {
    secret.hidden = key === null;
    secret.querySelector('code')!.textContent = key ?? '';
  }

  function render(keys: ApiKey[]): void {
    const rows = keys.map((k) => {
      const tr = document.createElement('tr');
      tr.dataset.prefix = k.prefix;
      const state =
        k.replacedByPrefix && k.status === 'ACTIVE' ? `rotated → ${k.replacedByPrefix}` : k.status;
      tr.append(
        cell(k.prefix),
        cell(k.name),
        cell(k.scope.toLowerCase()),
        cell(state.toLowerCase()),
        cell(when(k.createdAt, '')),
        cell(when(k.expiresAt, 'never')),
        cell(when(k.lastUsedAt, 'never')),
      );
      const actions = document.createElement('td');
      if (k.status === 'ACTIVE') {
        if (!k.replacedByPrefix) actions.append(button('Rotate', () => void act(() => rotate(k.prefix))));
        actions.append(button('Revoke', () => void act(() => revoke(k.prefix))));
      }
      tr.append(actions);
      return tr;
    });
    table.tBodies[0]!.replaceChildren(...rows);
    table.hidden = false;
    create.hidden = false;
  }

  async function refresh(): Promise<void> {
    render((await execute(ApiKeysQuery, {}, adminKey)).apiKeys);
  }

  async function rotate(prefix: string): Promise<void> {
    const overlapSeconds = Number(overlap.value);
    const { rotateApiKey } = await execute(RotateApiKeyMutation, { prefix, overlapSeconds }, adminKey);
    showSecret(rotateApiKey.key);
    await refresh();
  }

  async function revoke(prefix: string): Promise<void> {
    if (!confirm(`Revoke ${prefix}? Requests with it fail at once.`)) return;
    showSecret(null);
    await execute(RevokeApiKeyMutation, { prefix }, adminKey);
    await refresh();
  }

  auth.addEventListener('submit', (event) => {
    event.preventDefault();
    adminKey = String(new FormData(auth).get('key') ?? '').trim();
    showSecret(null);
    table.hidden = true;
    create.hidden = true;
    void act(refresh);
  });
  create.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(create);
    const days = Number(data.get('expires'));
    void act(async () => {
      const { createApiKey } = await execute(
        CreateApiKeyMutation,
        {
          name: String(data.get('name') ?? ''),
          scope: String(data.get('scope')) as ApiKeyScope,
          expiresAt: days > 0 ? new Date(Date.now() + days * DAY_MS).toISOString() : null,
        },
        adminKey,
      );
      showSecret(createApiKey.key);
      create.reset();
      await refresh();
    });
  });
  opener.addEventListener('click', () => dialog.showModal());
  $<HTMLButtonElement>('#keys-close').addEventListener('click', () => dialog.close());
}
