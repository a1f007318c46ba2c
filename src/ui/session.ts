import { createContext, useContext, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine, SessionContext } from '@/machines/session/session.machine';
import type { Services } from '@/api/services';
import { hasPermission, Permission, permissionSet } from '@/domain/permissions';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export const SessionActorContext = createContext<SessionActor | null>(null);
export const ServicesContext = createContext<Services | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('SessionActorContext missing');
  return actor;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext missing');
  return services;
}

/** One narrow selector per value read from the session. */
export function useSession<T>(select: (context: SessionContext) => T): T {
  return useSelector(useSessionActor(), (snapshot) => select(snapshot.context));
}

/** Whether the signed-in user holds a permission (read from the session's profile groups). */
export function usePermission(permission: string): boolean {
  return useSession((c) => hasPermission(c.profile?.groups, permission));
}

/** The editor flag: mutating controls render only when it is true. */
export function useIsEditor(): boolean {
  return useSession((c) => c.noEsLector);
}

/**
 * The permissions a chart takes as input (the same list the server gives it): the user's
 * permissions, with the editor flag only while the user is not a reader.
 */
export function useActorPermissions(): readonly string[] {
  const groups = useSession((c) => c.profile?.groups);
  const editor = useIsEditor();
  return useMemo(() => {
    const names = [...permissionSet(groups)].filter((p) => p !== Permission.EDITOR);
    return editor ? [...names, Permission.EDITOR] : names;
  }, [groups, editor]);
}
