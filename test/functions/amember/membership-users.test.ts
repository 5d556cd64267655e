import { handler as amember } from '../../../functions/amember/handler';
import { handler as auth } from '../../../functions/auth/handler';
import { routes, type RouteDefinition } from '@shared/api/routes';
import { useFreshTable } from '../../support/fresh-table';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';

const route = (method: string, path: string) =>
  routes.find((entry) => entry.method === method && entry.path === path) as RouteDefinition;

const createUser = route('POST', '/api/amember/users');
const syncStatus = route('GET', '/api/amember/sync-status');
const sync = route('POST', '/api/amember/sync');
const traderSignIn = route('POST', '/api/auth/trader');

const admin = claimsFor('admin');

describe('the debug console’s sync status of a member who may not sign in', () => {
  useFreshTable();

  it('says a Pending member with a trader sign-in cannot sign in, as the sign-in refuses them', async () => {
    const login = `pending${Date.now()}`;
    const email = `${login}@example.com`;
    const created = await invoke(
      amember,
      httpEvent(createUser, { claims: admin, body: { login, email, status: 0 } }),
    );
    expect(created.status).toBe(201);
    const password = created.body.data.generatedPassword as string;

    const synced = await invoke(amember, httpEvent(sync, { claims: admin, body: { email } }));
    expect(synced.body).toMatchObject({ success: true, isSynced: true });

    const status = await invoke(
      amember,
      httpEvent(syncStatus, { claims: admin, query: { email } }),
    );
    expect(status.body.isSynced).toBe(true);
    expect(status.body.message).not.toMatch(/can sign in/);
    expect(status.body.message).toBe(
      `${email} cannot sign in: the membership status is Pending (only Active members sign in)`,
    );
    expect(synced.body.message).toBe(status.body.message);

    // What the message says is what the sign-in does.
    const signIn = await invoke(
      auth,
      httpEvent(traderSignIn, { body: { login: email, password } }),
    );
    expect(signIn.status).toBe(401);
  });
});
