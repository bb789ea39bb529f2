import { AGENT_LINKS_MAX, AGENT_MSG } from '@app/contract/agents';
import { type FormEvent, useState } from 'react';
import { TA } from '@/shared/i18n/zh-cn/agents';
import { copyText } from '@/shared/lib/clipboard';
import { EmptyState, Loading } from '@/shared/ui/content-state';
import { toast } from '@/shared/ui/feedback';
import { FieldInput, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { type PromotionLink, useAddPromotionLink, usePromotionLinks } from '../api/promotion-links';
import styles from './agent-centre.module.css';
import { QrCode } from './qr-code';

const NAME_MAX = 16;

function LinkCard({ link }: { link: PromotionLink }) {
  const copy = async () => {
    if (await copyText(link.url)) toast.success(AGENT_MSG.copied);
  };
  return (
    <article className={styles.card} data-testid="promotion-link">
      <h2 className={styles.title}>{link.name}</h2>
      <div className={styles.qr}>
        <QrCode text={link.url} label={TA.qrAlt(link.name)} />
      </div>
      <p className={styles.url}>{link.url}</p>
      <div className={styles.actions}>
        <span data-testid="link-counts">
          {TA.visits} {link.visits} · {TA.registrations} {link.registrations}
        </span>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          {TA.copy}
        </button>
      </div>
    </article>
  );
}

function AddLinkForm() {
  const [name, setName] = useState('');
  const add = useAddPromotionLink();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > NAME_MAX) {
      toast.info(AGENT_MSG.linkNameRequired);
      return;
    }
    add.mutate(trimmed, {
      onSuccess: () => {
        toast.success(TA.created);
        setName('');
      },
    });
  };
  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-label={TA.addLink}>
      <h2 className={styles.title}>{TA.addLink}</h2>
      <FormField htmlFor="link-name" label={TA.linkName}>
        <FieldInput
          id="link-name"
          value={name}
          onChange={setName}
          placeholder={TA.linkNamePlaceholder}
          maxLength={NAME_MAX}
        />
      </FormField>
      <GoldButton type="submit" loading={add.isPending}>
        {TA.create}
      </GoldButton>
    </form>
  );
}

/** 推广: each invitation link with its QR code (drawn here), copy (复制成功！) and counts; a new link. */
export function PromotionPanel() {
  const links = usePromotionLinks();
  if (links.isPending) return <Loading />;
  if (links.isError) return <EmptyState onRetry={() => void links.refetch()}>{TA.loadFailed}</EmptyState>;
  return (
    <div className={styles.panel}>
      <p className={styles.month}>{TA.promotionIntro}</p>
      {links.data.map((link) => (
        <LinkCard key={link.id} link={link} />
      ))}
      {links.data.length < AGENT_LINKS_MAX ? <AddLinkForm /> : null}
    </div>
  );
}
