/**
 * Test code: the switch behind the fault points, its routes under
 * /api/testing and the failing transport to the card provider. Imported by
 * app.ts only, and only when TEST_FAULTS=true (refused in production).
 */
export { faultsPlugin, testingRoutes } from './faults.ts';
export { faultyFetch } from './faulty-fetch.ts';
export { FaultSwitch, InjectedFault } from './fault-switch.ts';
