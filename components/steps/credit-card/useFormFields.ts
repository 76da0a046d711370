import { useRef, useState } from 'react';

/**
 * Where the form's fields are and which show their errors: a field's error shows once it
 * was left (touched), or every error once a payment was asked for, and the first invalid
 * field is focused.
 */
export function useFormFields() {
  const elements = useRef(new Map<string, HTMLElement | null>());
  const register = (field: string) => (element: HTMLElement | null) => void elements.current.set(field, element);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showErrors, setShowErrors] = useState(false);
  return {
    register,
    element: (field: string) => elements.current.get(field),
    touch: (field: string) => setTouched((current) => new Set(current).add(field)),
    visible: (field: string) => showErrors || touched.has(field),
    /** Whether any field shows its error. */
    anyVisible: showErrors || touched.size > 0,
    showErrors,
    setShowErrors,
  };
}
