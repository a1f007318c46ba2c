import { describe, expect } from 'vitest';
import { pickupModel, prepaidModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { pickupPrepaidServer, type PickupFixture, type PrepaidFixture } from '../support/pickup-prepaid-server';

const { pickupIn, sendPickupEvent, itemStatus, deliveryOf, observePickup, prepaidIn, sendPrepaidEvent, observePrepaid } = pickupPrepaidServer();

describe('pickup cash chart against the server', () => {
  walkAgainstServer<PickupFixture>({
    model: pickupModel,
    reset: (input) => pickupIn(input as { status: string; deliveryStatus: string | null; orderStatus: string }),
    send: (fixture, event) => sendPickupEvent(fixture, event),
    stateOf: (fixture) => itemStatus(fixture.itemId),
    matches: async (fixture, state) => expect((await deliveryOf(fixture.remittanceId))?.status ?? null).toBe((state.context as { deliveryStatus: string | null }).deliveryStatus),
    observe: observePickup,
    idOf: (fixture) => fixture.itemId,
  });
});

describe('prepaid card chart against the server', () => {
  walkAgainstServer<PrepaidFixture>({
    model: prepaidModel,
    // The seeded cards all have a destination (one without is the machine tests').
    select: (sets) => sets.filter((set) => set.input.hasDestination === true),
    reset: (input) => prepaidIn(String(input.status), String(input.orderStatus)),
    send: (fixture, event) => sendPrepaidEvent(fixture, event),
    stateOf: (fixture) => itemStatus(fixture.itemId),
    observe: observePrepaid,
    idOf: (fixture) => fixture.itemId,
  });
});
