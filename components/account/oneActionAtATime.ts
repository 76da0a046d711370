/**
 * The card page's other action, as one action sees it when it starts: saving a card and
 * confirming a held renewal never run together, and each clears what the other last said.
 */
export interface OtherAction {
  busy: boolean;
  clear: () => void;
}
