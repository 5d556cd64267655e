import { Field, Input, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { Panel } from './debug-parts';

/** A credential input the browser must not fill in: the console tries other accounts than its own. */
function CredentialField({
  label,
  type,
  value,
  onChange,
}: {
  label: string;
  type: 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type={type}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A panel with an email and a password for another account than the signed-in one (Standard Login,
 * Manual Synchronization); `children` are the options and buttons under them.
 */
export function CredentialsForm({
  title,
  labels,
  value,
  onChange,
  onSubmit,
  children,
}: {
  title: string;
  labels: Credentials;
  value: Credentials;
  onChange: (value: Credentials) => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Panel title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <CredentialField
            label={labels.email}
            type="email"
            value={value.email}
            onChange={(email) => onChange({ ...value, email })}
          />
          <CredentialField
            label={labels.password}
            type="password"
            value={value.password}
            onChange={(password) => onChange({ ...value, password })}
          />
          {children}
        </Stack>
      </form>
    </Panel>
  );
}
