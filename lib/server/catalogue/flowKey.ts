/** A campaign's key in the snapshot: its brand and address, as its pages' path names them. */
export const flowKey = (brandSlug: string, urlSlug: string) => `${brandSlug}/${urlSlug}`;
