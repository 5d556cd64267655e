import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import * as z from 'zod';
import { AppProviders } from '../../../../web/src/app/providers';
import {
  CheckboxField,
  Form,
  FormDialog,
  NumberField,
  PasswordField,
  SelectField,
  TextField,
  isRequiredBy,
  numberOfText,
  setServerErrors,
} from '../../../../web/src/components/ui/form';
import { ApiError } from '../../../../web/src/lib/api-client';
import { schemaResolver } from '../../../../web/src/lib/form-schema';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  nickname: z.string().optional(),
  size: z.number({ error: 'Size must be a number' }).positive('Size must be greater than 0'),
  limit: z.number().optional(),
  status: z.enum(['active', 'paused']),
  level: z.number(),
  enabled: z.boolean(),
  password: z.string(),
  brokers: z.array(z.object({ email: z.email('Invalid email') })),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const defaults: Input = {
  name: '',
  nickname: '',
  size: 1,
  status: 'active',
  level: 1,
  enabled: false,
  password: '',
  brokers: [{ email: 'ops@example.com' }],
};

let submitted: Output[] = [];
let formRef: ReturnType<typeof useForm<Input, unknown, Output>> | undefined;

function KitForm({
  values = defaults,
  showsUnderField,
}: {
  values?: Input;
  showsUnderField?: (message: string) => boolean;
}) {
  const form = useForm<Input, unknown, Output>({
    defaultValues: values as DefaultValues<Input>,
    resolver: schemaResolver<Input, Output>(schema),
  });
  formRef = form;
  return (
    <Form
      form={form}
      schema={schema}
      onValid={(output) => submitted.push(output)}
      showsUnderField={showsUnderField}
      aria-label="Kit form"
    >
      <TextField name="name" label="Name" />
      <TextField name="nickname" label="Nickname" />
      <TextField name="brokers.0.email" label="Broker email" />
      <NumberField name="size" label="Size" empty={Number.NaN} />
      <NumberField name="limit" label="Limit" />
      <SelectField
        name="status"
        label="Status"
        options={[
          { value: 'active', label: 'Active' },
          { value: 'paused', label: 'Paused' },
        ]}
      />
      <SelectField name="level" label="Level" options={['1', '2', '3']} setValueAs={Number} />
      <CheckboxField name="enabled" label="Enabled" />
      <PasswordField name="password" label="Password" required={false} />
      <button type="submit">Save</button>
    </Form>
  );
}

function renderKit(node: React.ReactNode) {
  submitted = [];
  return render(<AppProviders>{node}</AppProviders>);
}

const markOf = (label: string) =>
  screen.getByText(label, { selector: 'label' }).querySelector('.chakra-field__requiredIndicator');

describe('the form kit', () => {
  it('marks the fields the schema requires, with the label text left as it is', () => {
    renderKit(<KitForm />);
    for (const required of ['Name', 'Size', 'Status', 'Broker email']) {
      expect(screen.getByLabelText(required)).toBeRequired();
      expect(markOf(required)).not.toBeNull();
    }
    for (const optional of ['Nickname', 'Limit']) {
      expect(screen.getByLabelText(optional)).not.toBeRequired();
      expect(markOf(optional)).toBeNull();
    }
    // An explicit `required={false}` wins over the schema (a blank password is generated).
    expect(markOf('Password')).toBeNull();
  });

  it("shows the schema's message under the field and marks it invalid", async () => {
    const user = userEvent.setup();
    renderKit(<KitForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(submitted).toEqual([]);
  });

  it('leaves a message to the form when the form says it once in its own alert', async () => {
    const user = userEvent.setup();
    renderKit(<KitForm showsUnderField={(message) => message !== 'Name is required'} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it("sets a 400's details on the fields they name, nested ones included", async () => {
    renderKit(<KitForm />);
    const refusal = new ApiError('API error: 400', 400, 'Invalid firm', [
      { field: 'brokers.0.email', message: 'Email already used' },
      { field: 'name', message: 'Name is taken' },
    ]);
    let details: unknown;
    act(() => {
      details = setServerErrors(formRef!.setError, refusal);
    });
    expect(await screen.findByText('Email already used')).toBeVisible();
    expect(screen.getByText('Name is taken')).toBeVisible();
    expect(screen.getByLabelText('Broker email')).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveLength(2);
    // Any other failure names no field.
    expect(setServerErrors(formRef!.setError, new Error('offline'))).toEqual([]);
  });

  it('hides a password until its eye button shows it', async () => {
    const user = userEvent.setup();
    renderKit(<KitForm />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('submits numbers, not the text typed; a blank number is none or NaN as the field says', async () => {
    const user = userEvent.setup();
    renderKit(<KitForm />);
    await user.type(screen.getByLabelText('Name'), 'Desk');
    await user.clear(screen.getByLabelText('Size'));
    await user.type(screen.getByLabelText('Size'), '12.5');
    await user.type(screen.getByLabelText('Limit'), '3');
    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    await user.selectOptions(screen.getByLabelText('Level'), '3');
    // A plain click: the checkbox's blur handler needs PointerEvent, which jsdom lacks.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enabled' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      name: 'Desk',
      size: 12.5,
      limit: 3,
      status: 'paused',
      level: 3,
      enabled: true,
    });

    await user.clear(screen.getByLabelText('Limit'));
    await user.clear(screen.getByLabelText('Size'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size must be a number')).toBeVisible();
    expect(submitted).toHaveLength(1);
    expect(numberOfText('  ')).toBeUndefined();
    expect(numberOfText('', 1)).toBe(1);
    expect(numberOfText('1e3')).toBe(1000);
    expect(numberOfText('12abc')).toBeNaN();
  });
});

describe('a text field set in capitals', () => {
  function PrefixForm() {
    const form = useForm<{ prefix: string; name: string }>({
      defaultValues: { prefix: 'eval', name: 'Evaluation' },
    });
    return (
      <Form form={form} onValid={() => undefined} aria-label="Prefix form">
        <TextField name="prefix" label="Prefix" uppercase />
        <TextField name="name" label="Name" />
      </Form>
    );
  }

  it('shows what is typed in capitals and leaves the value as typed; other fields keep their case', async () => {
    const user = userEvent.setup();
    renderKit(<PrefixForm />);
    const prefix = screen.getByLabelText('Prefix');
    await user.type(prefix, '-x');
    expect(prefix).toHaveValue('eval-x');
    expect(getComputedStyle(prefix).textTransform).toBe('uppercase');
    expect(getComputedStyle(screen.getByLabelText('Name')).textTransform).not.toBe('uppercase');
  });
});

describe('required from the schema', () => {
  const nested = z.object({
    phases: z.array(
      z.object({
        phaseName: z.string().min(1),
        description: z.string(),
        fee: z.preprocess((value) => Number(value), z.number()).optional(),
        accountSize: z.preprocess((value) => (value === '' ? undefined : value), z.number()),
      }),
    ),
    label: z.string().min(1).default('x'),
    urls: z.object({ purchaseUrl: z.url().or(z.literal('')) }).optional(),
  });

  it('follows objects, arrays, wrappers and preprocessing down to the field', () => {
    expect(isRequiredBy(nested, 'phases.0.phaseName')).toBe(true);
    expect(isRequiredBy(nested, 'phases.3.accountSize')).toBe(true);
    // A plain string takes a blank; an optional or defaulted field may be left empty.
    expect(isRequiredBy(nested, 'phases.0.description')).toBe(false);
    expect(isRequiredBy(nested, 'phases.0.fee')).toBe(false);
    expect(isRequiredBy(nested, 'label')).toBe(false);
    expect(isRequiredBy(nested, 'urls.purchaseUrl')).toBe(false);
    // A path the schema does not know is not marked.
    expect(isRequiredBy(nested, 'phases.x.phaseName')).toBe(false);
    expect(isRequiredBy(nested, 'nothing.here')).toBe(false);
  });
});

describe('the form dialog', () => {
  function Dialog({
    onValid,
    onClose,
    isPending = false,
  }: {
    onValid: (values: { title: string }) => void;
    onClose: () => void;
    isPending?: boolean;
  }) {
    const titleSchema = z.object({ title: z.string().min(1, 'Title is required') });
    const form = useForm<FieldValues, unknown, { title: string }>({
      defaultValues: { title: '' },
      resolver: schemaResolver<FieldValues, { title: string }>(titleSchema),
    });
    return (
      <FormDialog
        title="Create Release"
        confirmLabel="Create"
        form={form}
        schema={titleSchema}
        onValid={onValid}
        onClose={onClose}
        isPending={isPending}
      >
        <TextField name="title" label="Title" />
      </FormDialog>
    );
  }

  it('submits the valid values with its button and refuses an invalid form', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderKit(<Dialog onValid={onValid} onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create Release' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
    expect(onValid).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Title'), '1.4.0{Enter}');
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toEqual({ title: '1.4.0' });
  });

  it('closes with Cancel, and not while its call runs', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const view = renderKit(<Dialog onValid={jest.fn()} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    view.unmount();
    renderKit(<Dialog onValid={jest.fn()} onClose={onClose} isPending />);
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
