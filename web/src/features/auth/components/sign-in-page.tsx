import { Alert, Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
// Each piece from its own module, not the kit's index: the sign-in screens are in the first load,
// and the index would bring the dialog, checkbox and select code every other form needs.
import { Form } from '@/components/ui/form/form';
import { PasswordField } from '@/components/ui/form/password-field';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError, errorText } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import type { SignInForm } from '../sign-in-form';
import { SignOutNotice } from '@/components/ui/sign-out-notice';
import { paths } from '@/config/paths';

const LOGIN_FAILED = 'Login failed';
const UNEXPECTED_ERROR = 'An unexpected error occurred during sign in';

/*
 * The form's validation (zod) and the sign-in call (with the answer's schema) load once the page has
 * rendered, not before it (zod is not part of the first load); the page starts loading
 * them as soon as it shows, so they are there by the time anyone presses Sign In.
 */
const loadForm = () => import('../sign-in-form');
const loadSignIn = () => import('@/api/auth');
const resolver: Resolver<SignInForm> = async (values, context, options) =>
  (await loadForm()).signInResolver(values, context, options);

/** The server's own explanation when it sent one; a request that never got an answer is unexpected. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return errorText(error, LOGIN_FAILED);
  return UNEXPECTED_ERROR;
}

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInForm>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;

  useEffect(() => {
    if (session) return;
    // Errors surface on use: validation and sign-in catch them there.
    loadForm().catch(() => undefined);
    loadSignIn().catch(() => undefined);
  }, [session]);

  if (session) return <Navigate to={paths.home.href()} replace />;

  const onSubmit = async (credentials: SignInForm) => {
    setFailure(null);
    try {
      const { signIn } = await loadSignIn();
      saveSession(await signIn(credentials));
      await navigate(paths.home.href(), { replace: true });
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  const message = errors.email?.message ?? errors.password?.message ?? failure;

  return (
    <Flex minH="100vh" align="center" justify="center" p="4" bg="bg.subtle" position="relative">
      <Box position="absolute" top="4" insetEnd="4">
        <ColorModeButton />
      </Box>
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Heading as="h1" size="xl">
            Deskline
          </Heading>
          <Text color="fg.muted">Sign in to the Administration Panel</Text>
        </Card.Header>
        <Card.Body>
          <Form form={form} onValid={onSubmit} showsUnderField={() => false}>
            <Stack gap="4">
              {message ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{message}</Alert.Title>
                </Alert.Root>
              ) : (
                // Until the user tries again: then their own attempt's outcome is what counts.
                !isSubmitted && <SignOutNotice />
              )}
              <TextField<SignInForm>
                name="email"
                label="Email"
                type="email"
                autoComplete="username"
                required
                disabled={isSubmitting}
              />
              <PasswordField<SignInForm>
                name="password"
                label="Password"
                autoComplete="current-password"
                required
                disabled={isSubmitting}
              />
              <Button
                type="submit"
                colorPalette="blue"
                loading={isSubmitting}
                loadingText="Signing In..."
              >
                Sign In
              </Button>
            </Stack>
          </Form>
        </Card.Body>
        <Card.Footer>
          <Text fontSize="sm" color="fg.muted">
            This app uses Amazon Cognito admin authentication: only staff accounts can sign in.
          </Text>
        </Card.Footer>
      </Card.Root>
    </Flex>
  );
}
