/**
 * Cuba's provinces (ISO 3166-2:CU codes) and their municipalities, in the order the catalogue
 * lists them: a province change picks its first municipality (spec details §5).
 */
export const CUBA: readonly { code: string; name: string; municipalities: readonly string[] }[] = [
  { code: 'CU-01', name: 'Pinar del Río', municipalities: ['Pinar del Río', 'Consolación del Sur', 'Guane', 'La Palma', 'Los Palacios', 'Mantua', 'Minas de Matahambre', 'San Juan y Martínez', 'San Luis', 'Sandino', 'Viñales'] },
  { code: 'CU-15', name: 'Artemisa', municipalities: ['Artemisa', 'Alquízar', 'Bahía Honda', 'Bauta', 'Caimito', 'Candelaria', 'Guanajay', 'Güira de Melena', 'Mariel', 'San Antonio de los Baños', 'San Cristóbal'] },
  {
    code: 'CU-03',
    name: 'La Habana',
    municipalities: ['Plaza de la Revolución', 'Arroyo Naranjo', 'Boyeros', 'Centro Habana', 'Cerro', 'Cotorro', 'Diez de Octubre', 'Guanabacoa', 'La Habana del Este', 'La Habana Vieja', 'La Lisa', 'Marianao', 'Playa', 'Regla', 'San Miguel del Padrón'],
  },
  { code: 'CU-16', name: 'Mayabeque', municipalities: ['San José de las Lajas', 'Batabanó', 'Bejucal', 'Güines', 'Jaruco', 'Madruga', 'Melena del Sur', 'Nueva Paz', 'Quivicán', 'San Nicolás', 'Santa Cruz del Norte'] },
  { code: 'CU-04', name: 'Matanzas', municipalities: ['Matanzas', 'Calimete', 'Cárdenas', 'Ciénaga de Zapata', 'Colón', 'Jagüey Grande', 'Jovellanos', 'Limonar', 'Los Arabos', 'Martí', 'Pedro Betancourt', 'Perico', 'Unión de Reyes'] },
  { code: 'CU-05', name: 'Villa Clara', municipalities: ['Santa Clara', 'Caibarién', 'Camajuaní', 'Cifuentes', 'Corralillo', 'Encrucijada', 'Manicaragua', 'Placetas', 'Quemado de Güines', 'Ranchuelo', 'Remedios', 'Sagua la Grande', 'Santo Domingo'] },
  { code: 'CU-06', name: 'Cienfuegos', municipalities: ['Cienfuegos', 'Abreus', 'Aguada de Pasajeros', 'Cruces', 'Cumanayagua', 'Lajas', 'Palmira', 'Rodas'] },
  { code: 'CU-07', name: 'Sancti Spíritus', municipalities: ['Sancti Spíritus', 'Cabaiguán', 'Fomento', 'Jatibonico', 'La Sierpe', 'Taguasco', 'Trinidad', 'Yaguajay'] },
  { code: 'CU-08', name: 'Ciego de Ávila', municipalities: ['Ciego de Ávila', 'Baraguá', 'Bolivia', 'Chambas', 'Ciro Redondo', 'Florencia', 'Majagua', 'Morón', 'Primero de Enero', 'Venezuela'] },
  {
    code: 'CU-09',
    name: 'Camagüey',
    municipalities: ['Camagüey', 'Carlos Manuel de Céspedes', 'Esmeralda', 'Florida', 'Guáimaro', 'Jimaguayú', 'Minas', 'Najasa', 'Nuevitas', 'Santa Cruz del Sur', 'Sibanicú', 'Sierra de Cubitas', 'Vertientes'],
  },
  { code: 'CU-10', name: 'Las Tunas', municipalities: ['Las Tunas', 'Amancio', 'Colombia', 'Jesús Menéndez', 'Jobabo', 'Majibacoa', 'Manatí', 'Puerto Padre'] },
  {
    code: 'CU-11',
    name: 'Holguín',
    municipalities: ['Holguín', 'Antilla', 'Báguanos', 'Banes', 'Cacocum', 'Calixto García', 'Cueto', 'Frank País', 'Gibara', 'Mayarí', 'Moa', 'Rafael Freyre', 'Sagua de Tánamo', 'Urbano Noris'],
  },
  { code: 'CU-12', name: 'Granma', municipalities: ['Bayamo', 'Bartolomé Masó', 'Buey Arriba', 'Campechuela', 'Cauto Cristo', 'Guisa', 'Jiguaní', 'Manzanillo', 'Media Luna', 'Niquero', 'Pilón', 'Río Cauto', 'Yara'] },
  { code: 'CU-13', name: 'Santiago de Cuba', municipalities: ['Santiago de Cuba', 'Contramaestre', 'Guamá', 'Mella', 'Palma Soriano', 'San Luis', 'Segundo Frente', 'Songo-La Maya', 'Tercer Frente'] },
  { code: 'CU-14', name: 'Guantánamo', municipalities: ['Guantánamo', 'Baracoa', 'Caimanera', 'El Salvador', 'Imías', 'Maisí', 'Manuel Tames', 'Niceto Pérez', 'San Antonio del Sur', 'Yateras'] },
  { code: 'CU-99', name: 'Isla de la Juventud', municipalities: ['Isla de la Juventud'] },
];

/** The code of a municipality: its province's code and its place in the list. */
export const municipalityCode = (provinceCode: string, index: number) => `${provinceCode}-${String(index + 1).padStart(2, '0')}`;
