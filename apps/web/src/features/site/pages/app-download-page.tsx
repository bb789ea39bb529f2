import { apiAssetUrl } from '@/shared/api/asset-url';
import { TC } from '@/shared/i18n/zh-cn/content';
import { leaveApp } from '@/shared/navigation/leave-app';
import { useAppInfo } from '@/shared/session/get-app-info';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import styles from './app-download-page.module.css';

/** Spec 9: the helper frame that starts an app download is removed after 2000 ms. */
export const DOWNLOAD_FRAME_MS = 2000;

/**
 * Starts the app's download without leaving the page: the install link (ios_download_url, such as an
 * itms-services:// or package address) loads in a hidden frame, removed after 2 s.
 */
function startDownload(url: string) {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = url;
  frame.dataset.testid = 'download-frame';
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), DOWNLOAD_FRAME_MS);
}

/**
 * /app, APP下载 (spec 2; in the shell, login required, cached): the site's title, the download QR
 * code, 立即下载, how to add the site to the home screen on iOS and Android, and a note on the network. Without an install link the H5 address opens instead;
 * with neither configured there is nothing to download, and the page says so in place of the button.
 */
export function AppDownloadPage() {
  const appInfo = useAppInfo();
  const installUrl = appInfo?.ios_download_url ?? '';
  const h5Url = appInfo?.h5_url ?? '';
  const downloadable = installUrl !== '' || h5Url !== '';
  const download = () => {
    if (installUrl) startDownload(installUrl);
    else leaveApp(h5Url);
  };
  return (
    <div className={styles.page} data-testid="app-page">
      <section className={styles.hero}>
        <h1 className={styles.title}>
          {appInfo?.title}
          {TC.appDownloadTitle}
        </h1>
        <div className={styles.qr}>
          {appInfo?.ios_download_qrcode ? (
            <img src={apiAssetUrl(appInfo.ios_download_qrcode)} alt={TC.appQrAlt} width={200} height={200} />
          ) : null}
        </div>
        <p className={styles.scan}>{downloadable || !appInfo ? TC.appScan : TC.appScanSite}</p>
        {downloadable ? (
          <div className={styles.button}>
            <GoldButton onClick={download}>{TC.appDownload}</GoldButton>
          </div>
        ) : appInfo ? (
          <p className={styles.unavailable} data-testid="app-unavailable">
            {TC.appUnavailable}
          </p>
        ) : null}
      </section>
      <section className={styles.install} aria-labelledby="install-title" data-testid="install-guide">
        <h2 id="install-title" className={styles.installTitle}>
          {TC.installTitle}
        </h2>
        <p className={styles.installIntro}>{TC.installIntro}</p>
        {TC.installSteps.map(({ platform, steps }) => (
          <div key={platform} className={styles.platform}>
            <h3>{platform}</h3>
            <ol>
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </section>
      <p className={styles.note}>
        <IconInfo />
        {TC.appNetworkNote}
      </p>
    </div>
  );
}
