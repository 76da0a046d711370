import { escapeHtml } from './escapeHtml';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A select's options as markup, the placeholder (value "") first and `selected` marked. A long
 * static list (the countries: 246 options) written as markup is not hydrated option by option,
 * which took a third of the payment step's hydration on a slow phone.
 */
export function optionsMarkup(placeholder: string, options: readonly SelectOption[], selected: string): string {
  return [{ value: '', label: placeholder }, ...options]
    .map(({ value, label }) => `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`)
    .join('');
}
