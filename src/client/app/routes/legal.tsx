import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { LEGAL_TEXT_PLACEHOLDER, LEGAL_TEXTS, type LegalPageName } from '@shared/legal';
import { HomeBar } from '@client/components/layout/home-bar';
import { LegalFooter } from '@client/components/layout/legal-links';
import { msg } from '@shared/messages';

// The legal pages (decision 0037), prerendered with no script: the default text, or, in the
// `-custom` templates, a placeholder where the server puts the operator's text (legal-pages.ts).
// The text is styled from its container, so the server's Markdown markup looks the same.

const textStyles = [
  'flex flex-col gap-4 text-[15px] leading-relaxed',
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6',
  '[&_ol]:flex [&_ol]:list-decimal [&_ol]:flex-col [&_ol]:gap-2 [&_ol]:pl-6',
  '[&_a]:font-semibold [&_a]:text-accent-text [&_a]:underline [&_a]:underline-offset-4',
  '[&_blockquote]:rounded-xl [&_blockquote]:border [&_blockquote]:border-warning/50 [&_blockquote]:bg-warning/10 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-sm',
].join(' ');

function LegalScreen({ name, custom }: { name: LegalPageName; custom: boolean }) {
  const page = LEGAL_TEXTS[name];
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{msg.common.pageTitle(msg.legalTitles[name])}</title>
      <HomeBar className="max-w-3xl" />
      <main
        id="main"
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 pt-4 pb-12"
      >
        <h1 className="text-3xl font-black tracking-tight">{msg.legalTitles[name]}</h1>
        <div className={textStyles}>
          {custom ? (
            <p>{LEGAL_TEXT_PLACEHOLDER}</p>
          ) : (
            <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
              {page.markdown}
            </ReactMarkdown>
          )}
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}

export const TermsRoute = () => <LegalScreen name="terms" custom={false} />;
export const PrivacyRoute = () => <LegalScreen name="privacy" custom={false} />;
export const HealthDisclaimerRoute = () => <LegalScreen name="health-disclaimer" custom={false} />;
export const TermsTemplate = () => <LegalScreen name="terms" custom />;
export const PrivacyTemplate = () => <LegalScreen name="privacy" custom />;
export const HealthDisclaimerTemplate = () => <LegalScreen name="health-disclaimer" custom />;
