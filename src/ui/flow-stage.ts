import { useIsEditor, usePermission } from '@/ui/session';

/** Whether the user may use a mutating control: the editor flag and the action's permission (the column appears only then). */
export function useCanEdit(permission: string): boolean {
  const editor = useIsEditor();
  const allowed = usePermission(permission);
  return editor && allowed;
}
