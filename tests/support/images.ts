/** A 1×1 PNG: the smallest image the servers' upload checks (type by content, size) accept. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The PNG as an uploaded file. */
export const png = (name = 'recibo.png', type = 'image/png') => new File([PNG], name, { type });
