/** Services read the time through this, so tests can move it instead of waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
