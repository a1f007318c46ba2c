import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { actionFlowMachine, type ActionFlowEvent, type ActionFlowInput } from '@/machines/ui/action-flow.machine';
import { actionFlowInput, actionFlowLogic, type Validation } from '@/ui/action-flow-logic';
import { ApiError } from '@/api/http';
import { Msg } from '@/domain/messages';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, machineCoverage, reportCoverage } from '../support/machine-coverage';

interface Form {
  value: string;
}

/** An action whose validation and request the test answers when the model says so. */
function createSut(input: ActionFlowInput) {
  const validations: Deferred<Validation<string>>[] = [];
  const requests: Deferred<string | void>[] = [];
  const performed: string[] = [];
  const toasts: string[] = [];
  let done = 0;
  const logic = actionFlowLogic<Form, string>(
    {
      ...input,
      validate: () => {
        const d = deferred<Validation<string>>();
        validations.push(d);
        return d.promise;
      },
      perform: (payload) => {
        performed.push(payload);
        const d = deferred<string | void>();
        requests.push(d);
        return d.promise;
      },
      onDone: () => {
        done++;
      },
    },
    (message) => toasts.push(message),
  );
  const actor = createActor(logic, { input: actionFlowInput(input) });
  actor.start();
  const open = <T,>(list: Deferred<T>[]) => list.filter((d) => !d.settled);
  return { actor, validations, requests, performed, toasts, done: () => done, open };
}
type Sut = ReturnType<typeof createSut>;
type Snap = SnapshotFrom<typeof actionFlowMachine>;

const events: ActionFlowEvent[] = [
  { type: 'action.submit', payload: { value: 'x' } },
  { type: 'validation.passed', payload: 'PAYLOAD' },
  { type: 'validation.failed', message: Msg.blacklistValue },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'request.succeeded', text: 'Aprobado! peticion completada.' },
  { type: 'request.failed', message: 'El monto es invalido.' },
  { type: 'dialog.close' },
];

function executors(sut: Sut) {
  const latest = <T,>(list: Deferred<T>[], what: string) => {
    const open = sut.open(list);
    if (open.length === 0) throw new Error(`no ${what} in progress`);
    return open[open.length - 1]!;
  };
  const send = async (event: ActionFlowEvent) => {
    sut.actor.send(event);
    await flush();
  };
  return {
    'action.submit': ({ event }: { event: ActionFlowEvent }) => send(event),
    'validation.passed': async () => {
      latest(sut.validations, 'validation').resolve({ ok: true, payload: 'PAYLOAD' });
      await flush();
    },
    'validation.failed': async () => {
      latest(sut.validations, 'validation').resolve({ ok: false, message: Msg.blacklistValue });
      await flush();
    },
    'dialog.confirm': ({ event }: { event: ActionFlowEvent }) => send(event),
    'dialog.cancel': ({ event }: { event: ActionFlowEvent }) => send(event),
    'request.succeeded': async () => {
      latest(sut.requests, 'request').resolve('Aprobado! peticion completada.');
      await flush();
    },
    'request.failed': async () => {
      latest(sut.requests, 'request').reject(new ApiError('api', 'El monto es invalido.', 400));
      await flush();
    },
    'dialog.close': ({ event }: { event: ActionFlowEvent }) => send(event),
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  return {
    idle: () => {
      expect(sut.open(sut.validations)).toHaveLength(0);
      expect(sut.open(sut.requests)).toHaveLength(0);
    },
    validating: () => expect(sut.open(sut.validations)).toHaveLength(1),
    invalid: () => expect(snap().context.invalidMessage).toBe(Msg.blacklistValue),
    confirming: () => {
      // Nothing is sent before the user says "Si, continuar!".
      expect(sut.open(sut.requests)).toHaveLength(0);
    },
    waiting: () => {
      expect(sut.open(sut.requests)).toHaveLength(1);
      expect(sut.performed.at(-1)).toBe('PAYLOAD');
    },
    done: () => {
      expect(sut.done()).toBeGreaterThan(0);
      expect(snap().context.successText).toBe('Aprobado! peticion completada.');
    },
    failed: () => expect(sut.toasts.at(-1)).toBe('El monto es invalido.'),
  };
}

const variants: [string, ActionFlowInput][] = [
  ['with confirmation', {}],
  ['without confirmation (notes)', { confirm: false, successTitle: 'Aprobado!' }],
];

describe.each(variants)('action flow %s, model-based', (_name, input) => {
  const base = { events, input: actionFlowInput(input) };
  const transitionModel = createTestModel(actionFlowMachine, {
    ...base,
    serializeState: (s: Snap, e: ActionFlowEvent | undefined, p?: Snap) => `${JSON.stringify(s.value)}|${e?.type ?? ''}|${p ? JSON.stringify(p.value) : ''}`,
  });
  const stateModel = createTestModel(actionFlowMachine, { ...base, serializeState: (s: Snap) => JSON.stringify(s.value) });
  const shortest = transitionModel.getShortestPaths();
  const simple = stateModel.getSimplePaths();

  it('covers the states and transitions this variant can reach', () => {
    // One variant reaches part of the chart; the report counts both together (below).
    const coverage = machineCoverage(actionFlowMachine, [...shortest, ...simple]);
    const unreachable = input.confirm === false ? ['actionFlow.confirming'] : [];
    expect(coverage.states.missing).toEqual(unreachable);
  });

  it.each([...shortest, ...simple].map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut(input);
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('action flow, both variants together', () => {
  it('cover every state and every transition of the chart', () => {
    const all = variants.flatMap(([, input]) => {
      const model = createTestModel(actionFlowMachine, {
        events,
        input: actionFlowInput(input),
        serializeState: (s: Snap, e: ActionFlowEvent | undefined, p?: Snap) =>
          `${JSON.stringify(s.value)}|${e?.type ?? ''}|${p ? JSON.stringify(p.value) : ''}`,
      });
      return model.getShortestPaths();
    });
    const coverage = machineCoverage(actionFlowMachine, all);
    reportCoverage('actionFlow', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('a failed validation sends nothing and shows the message', async () => {
    const sut = createSut({});
    sut.actor.send({ type: 'action.submit', payload: { value: '' } });
    await flush();
    sut.validations[0]!.resolve({ ok: false, message: Msg.blacklistType });
    await flush();
    expect(sut.actor.getSnapshot().matches('invalid')).toBe(true);
    expect(sut.actor.getSnapshot().context.invalidMessage).toBe(Msg.blacklistType);
    expect(sut.requests).toHaveLength(0);
  });

  it('the success dialog says "Listo!" unless the action has its own word', () => {
    expect(createSut({}).actor.getSnapshot().context.successTitle).toBe('Listo!');
    expect(createSut({ successTitle: 'Modificado!' }).actor.getSnapshot().context.successTitle).toBe('Modificado!');
  });
});
