import { Accordion, Stack, Text, TextInput, Title } from '@mantine/core';
import { faqArticles, searchFaq } from '@riderdesk/domain/help/faq';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** spec §3 FAQ data: the country's questions in the page's language, with a search that opens its best match. */
export function FaqArticles({ country, language }: { country: string; language: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const articles = useMemo(() => faqArticles(country, language), [country, language]);
  const found = useMemo(() => searchFaq(articles, query), [articles, query]);
  // undefined: not chosen since the last keystroke; the merchant may open or close any article.
  const [openArticle, setOpenArticle] = useState<string | null | undefined>(undefined);
  const shownArticle = openArticle === undefined ? (query.trim() ? (found[0]?.id ?? null) : null) : openArticle;
  return (
    <Stack gap="lg">
      <TextInput
        label={t('help-center.search')}
        placeholder={t('help-center.search-placeholder')}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpenArticle(undefined);
        }}
        type="search"
      />
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('help-center.articles')}
        </Title>
        {found.length === 0 ? (
          <Text c="dimmed">{t('help-center.no-results', { query })}</Text>
        ) : (
          <Accordion variant="separated" value={shownArticle} onChange={setOpenArticle}>
            {found.map((article) => (
              <Accordion.Item key={article.id} value={article.id} data-article={article.id}>
                <Accordion.Control>{article.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text fz="sm" lh={1.7}>
                    {article.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Stack>
  );
}
