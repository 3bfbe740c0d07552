import { Container, Title } from '@mantine/core';

/** A page that shows its title; later issues give each of these its content. */
export function TitlePage({ title }: { title: string }) {
  return (
    <Container size="lg" py="lg">
      <Title order={1}>{title}</Title>
    </Container>
  );
}
