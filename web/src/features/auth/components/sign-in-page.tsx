import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
import { ApiError } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import type { SignInForm } from '../sign-in-form';
import { SignOutNotice } from '@/components/ui/sign-out-notice';

const LOGIN_FAILED = 'Login failed';
const UNEXPECTED_ERROR = 'An unexpected error occurred during sign in';

/*
 * The form's validation (zod) and the sign-in call (with the answer's schema) load once the page has
 * rendered, not before it (issue 14: zod is not part of the first load); the page starts loading
 * them as soon as it shows, so they are there by the time anyone presses Sign In.
 */
const loadForm = () => import('../sign-in-form');
const loadSignIn = () => import('@/api/auth');
const resolver: Resolver<SignInForm> = async (values, context, options) =>
  (await loadForm()).signInResolver(values, context, options);

/** The server's own explanation when it sent one; a request that never got an answer is unexpected. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? LOGIN_FAILED;
  return UNEXPECTED_ERROR;
}

export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SignInForm>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (session) return;
    // Errors surface on use: validation and sign-in catch them there.
    loadForm().catch(() => undefined);
    loadSignIn().catch(() => undefined);
  }, [session]);

  if (session) return <Navigate to="/" replace />;

  const onSubmit = async (credentials: SignInForm) => {
    setFailure(null);
    try {
      const { signIn } = await loadSignIn();
      saveSession(await signIn(credentials));
      await navigate('/', { replace: true });
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
          <form onSubmit={handleSubmit(onSubmit)} noValidate>
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
              <Field.Root invalid={errors.email !== undefined} disabled={isSubmitting}>
                <Field.Label>Email</Field.Label>
                <Input type="email" autoComplete="username" {...register('email')} />
              </Field.Root>
              <Field.Root invalid={errors.password !== undefined} disabled={isSubmitting}>
                <Field.Label>Password</Field.Label>
                <Input type="password" autoComplete="current-password" {...register('password')} />
              </Field.Root>
              <Button
                type="submit"
                colorPalette="blue"
                loading={isSubmitting}
                loadingText="Signing In..."
              >
                Sign In
              </Button>
            </Stack>
          </form>
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
