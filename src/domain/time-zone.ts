/** Every date on screen is shown in this zone (spec §1). */
export const DISPLAY_TIME_ZONE = 'America/Toronto';
