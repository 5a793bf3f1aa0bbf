/**
 * The five demo users of docs/architecture.md 4. `organizations` are indexes into the demo
 * organizations (0 is the one with the big department).
 */
export interface DemoUser {
  id: string;
  userName: string;
  displayName: string;
  role: string;
  ssoUuid: string;
  organizations: number[];
  description: string;
}

export const DEMO_LOGOUT_URL = '/auth/logout';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: '10000000-0000-4000-8000-000000000001',
    userName: 'skriver',
    displayName: 'Sofie Skriver',
    role: 'write',
    ssoUuid: '20000000-0000-4000-8000-000000000001',
    organizations: [0],
    description: 'Må vurdere og godkende, én boligorganisation',
  },
  {
    id: '10000000-0000-4000-8000-000000000002',
    userName: 'laeser',
    displayName: 'Lars Læser',
    role: 'read',
    ssoUuid: '20000000-0000-4000-8000-000000000002',
    organizations: [0],
    description: 'Må kun læse, én boligorganisation',
  },
  {
    id: '10000000-0000-4000-8000-000000000003',
    userName: 'flere',
    displayName: 'Freja Flere',
    role: 'write',
    ssoUuid: '20000000-0000-4000-8000-000000000003',
    organizations: [0, 1, 2],
    description: 'Må vurdere og godkende, tre boligorganisationer',
  },
  {
    id: '10000000-0000-4000-8000-000000000004',
    userName: 'uden-org',
    displayName: 'Ulrik Uden Organisation',
    role: 'write',
    ssoUuid: '20000000-0000-4000-8000-000000000004',
    organizations: [],
    description: 'Må skrive, men hører ikke til nogen boligorganisation',
  },
  {
    id: '10000000-0000-4000-8000-000000000005',
    userName: 'uden-rolle',
    displayName: 'Rikke Uden Rolle',
    role: 'none',
    ssoUuid: '20000000-0000-4000-8000-000000000005',
    organizations: [0],
    description: 'Har ingen rolle og får ikke adgang',
  },
];
