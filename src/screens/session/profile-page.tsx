import { useSession } from '@/ui/session';
import { Card, PageHeader } from '@/ui/card';
import { t } from '@/i18n/index';

/** Mi Perfil: who the user is and the groups (with their permissions) they belong to. */
export function ProfilePage() {
  const profile = useSession((c) => c.profile);
  const editor = useSession((c) => c.noEsLector);
  if (!profile) return null;
  return (
    <div className="space-y-4">
      <PageHeader title={t.profile.heading} />
      <Card>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">{t.profile.username}</dt>
            <dd className="font-medium">{profile.username}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t.profile.email}</dt>
            <dd className="font-medium">{profile.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t.profile.editor}</dt>
            <dd className="font-medium">{editor ? t.profile.editorYes : t.profile.editorNo}</dd>
          </div>
        </dl>
      </Card>
      <Card title={t.profile.groups}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t.profile.groups}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t.profile.permissions}
              </th>
            </tr>
          </thead>
          <tbody>
            {profile.groups.map((group) => (
              <tr key={group.name} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-semibold">{group.name}</td>
                <td className="py-2">
                  <ul className="flex flex-wrap gap-1">
                    {group.permissions.map((p) => (
                      <li key={p.name} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                        {p.name}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
