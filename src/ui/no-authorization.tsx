import { Msg } from '@/domain/messages';

/** What a user sees on a route whose permission they lack (spec: settings without CRM_SETTINGS). */
export function NoAuthorization() {
  return (
    <div role="alert" className="mx-auto mt-16 max-w-lg rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <p className="text-lg font-bold tracking-wide text-red-700">{Msg.noAuthorization}</p>
    </div>
  );
}
