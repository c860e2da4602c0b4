import { Icon } from '../../../components/ui/icons';

export const PaperclipIcon = () => (
  <Icon>
    <path d="M20.5 11.5l-8.4 8.4a5 5 0 01-7.1-7.1l8.8-8.8a3.4 3.4 0 014.8 4.8l-8.8 8.8a1.7 1.7 0 01-2.4-2.4l8.1-8.1" />
  </Icon>
);

export const SmileIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 007 0M9 9.5h.01M15 9.5h.01" />
  </Icon>
);
