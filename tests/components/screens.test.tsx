// @vitest-environment happy-dom
// The device list, the overview and the device details in their pending, error, empty and data
// states, served by the sandbox's handlers (the same world the browser tests and npm start use).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TEAM } from '../../scripts/sandbox/story';
import { useScreenWorld } from './render-screen';

const world = useScreenWorld();
const WAIT = { timeout: 10_000 };
const FRANK_LAPTOP = 'de000000-0000-4000-8000-000000000001';
const HEIDI_NEW_AIR = 'de000000-0000-4000-8000-000000000003';

describe('device list', () => {
  it('is pending until the page arrives, then shows it; a search is answered by the server', async () => {
    await world.signIn('list-data@example.com');
    const release = world.hold('get', '/api/v1/team/:teamId/devices');
    world.open(`/devices/${TEAM.engineering}`);
    expect(await screen.findByText('Loading devices…', {}, WAIT)).toBeTruthy();
    release();
    expect(await screen.findByText('Showing 1 to 20 of 47 entries', {}, WAIT)).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText("Alice's MacBook Air")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search devices'), { target: { value: 'ubuntu' } });
    expect(await screen.findByText('Showing 1 to 5 of 5 entries', {}, WAIT)).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText("Carol's Framework")).toBeTruthy();
  });

  it('shows the error with a way to try again, which then shows the list', async () => {
    await world.signIn('list-error@example.com');
    world.fault('GET /team/{teamId}/devices', 'server-error');
    world.open(`/devices/${TEAM.engineering}`);
    expect(await screen.findByText('Internal server error.', {}, WAIT)).toBeTruthy();
    world.sandbox.clearFaults();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 to 20 of 47 entries', {}, WAIT)).toBeTruthy();
  });

  it('is empty for a team without devices', async () => {
    await world.signIn('list-empty@example.com');
    world.open(`/devices/${TEAM.sales}`);
    expect(await screen.findByText('No devices in Sales yet', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite team members' })).toBeTruthy();
  });
});

describe('overview', () => {
  it('is pending, then shows the failing required checks and the devices not reporting', async () => {
    await world.signIn('overview-data@example.com');
    const release = world.hold('get', '/api/v1/team/:teamId/overview');
    world.open(`/overview/${TEAM.engineering}`);
    expect(await screen.findByText('Loading the overview…', {}, WAIT)).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Engineering Overview' }, WAIT)).toBeTruthy();
    expect(await screen.findByText('FileVault is on', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('12 devices')).toBeTruthy();
  });

  it('follows the world: a device that stops reporting joins the devices not reporting', async () => {
    const token = await world.signIn('overview-follows@example.com');
    const signed = world.sandbox.signed(token)!;
    await signed.world.stopReporting('de000000-0000-4000-8000-000000000013', world.sandbox.now());
    world.open(`/overview/${TEAM.engineering}`);
    expect(await screen.findByText('13 devices', {}, WAIT)).toBeTruthy();
  });

  it('shows the error, and the no-devices notice for an empty team', async () => {
    await world.signIn('overview-error@example.com');
    world.fault('GET /team/{teamId}/overview', 'server-error');
    const view = world.open(`/overview/${TEAM.engineering}`);
    expect(await screen.findByText('Internal server error.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    view.unmount();
    world.sandbox.clearFaults();
    world.open(`/overview/${TEAM.sales}`);
    expect(await screen.findByTestId('no-devices-notice', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('No devices in Sales yet')).toBeTruthy();
  });
});

describe('device details', () => {
  it('is pending, then shows the device with its check results', async () => {
    await world.signIn('device-data@example.com');
    const release = world.hold('get', '/api/v1/device/:deviceId');
    world.open(`/device/${FRANK_LAPTOP}`);
    expect(await screen.findByText('Loading device…', {}, WAIT)).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: "Frank's MacBook Pro" }, WAIT)).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Check results' });
    expect(within(results).getByText('FileVault is on')).toBeTruthy();
  });

  it('shows the error, the empty results of a device that never reported, and a removed device', async () => {
    const token = await world.signIn('device-states@example.com');
    world.fault('GET /device/{deviceId}', 'server-error');
    let view = world.open(`/device/${FRANK_LAPTOP}`);
    expect(
      await screen.findByText('The device could not be loaded', { exact: false }, WAIT),
    ).toBeTruthy();
    expect(screen.getByText('Internal server error.', { exact: false })).toBeTruthy();
    view.unmount();
    world.sandbox.clearFaults();

    view = world.open(`/device/${HEIDI_NEW_AIR}`);
    expect(
      await screen.findByText(
        'No check results yet. They appear after the device sends its first report.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    view.unmount();

    const signed = world.sandbox.signed(token)!;
    const frank = signed.world.devices.findFirst((q) => q.where({ id: FRANK_LAPTOP }))!;
    await signed.world.removeDevice(signed.person, TEAM.engineering, {
      id: frank.id,
      machineUUID: frank.machineUUID,
    });
    world.open(`/device/${FRANK_LAPTOP}`);
    expect(await screen.findByText('Device not found', {}, WAIT)).toBeTruthy();
  });
});
