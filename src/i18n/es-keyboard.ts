/** The keyboard overlay ("?") and the command palette (Ctrl+K) (issue 14 §5). */
export const keyboardText = {
  helpTitle: 'Atajos de teclado',
  helpIntro: 'Las teclas de esta pantalla y las de toda la consola. Dentro de un diálogo, Enter confirma y Escape cancela.',
  key: 'Tecla',
  does: 'Acción',
  help: 'Mostrar estos atajos',
  palette: 'Buscar una pantalla, una orden o un cliente',
  paletteTitle: 'Ir a…',
  paletteLabel: 'Pantalla, número de orden o de cliente',
  paletteEmpty: 'Nada coincide con lo escrito.',
  openOrder: (id: string) => `Abrir la orden ${id}`,
  openCustomer: (id: string) => `Abrir el cliente ${id}`,
  close: 'Cerrar',
  nextGroup: 'Ir al siguiente grupo de acciones (sus acciones toman las teclas 1–9)',
  previousGroup: 'Ir al grupo de acciones anterior',
  leaveGroup: 'Soltar el grupo de acciones',
} as const;
