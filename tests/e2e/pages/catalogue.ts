import fs from 'node:fs';
import path from 'node:path';

export type Language = 'en' | 'de' | 'fr';

/** Every message of a language, keys as in messages/<language>/*.json. */
function catalogue(language: Language): Record<string, string> {
  const dir = path.join(process.cwd(), 'messages', language);
  return Object.assign({}, ...fs.readdirSync(dir).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))));
}

/** A message with its simple placeholders filled ("Vielen Dank, {firstName}!"): tests follow a reworded message. */
export function say(language: Language, key: string, values: Record<string, string> = {}): string {
  const text = catalogue(language)[key];
  if (text === undefined) throw new Error(`no message ${key} in ${language}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}
