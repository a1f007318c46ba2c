import type { ReactNode } from 'react';
import { useIsEditor, usePermission } from '@/ui/session';

/**
 * Renders a mutating control only for editors (noEsLector = "true") holding the action's
 * permission. Read-only users see information only. The server checks the same rules.
 */
export function EditorOnly({ permission, children }: { permission?: string; children: ReactNode }) {
  const editor = useIsEditor();
  const allowed = usePermission(permission ?? 'CRM_LOGIN');
  if (!editor || !allowed) return null;
  return <span data-mutating="">{children}</span>;
}
