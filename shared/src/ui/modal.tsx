import Modal from 'antd/es/modal';
import type { ModalProps } from 'antd/es/modal';
import type { ReactNode } from 'react';

/** The spec's modal sizes; on mobile (<= 600px) every modal is 80% wide (see ui.css). */
export const modalWidths = {
  min: 100,
  small: 450,
  medium: 500,
  large: 600,
  xLarge: '95%',
  full: '80%',
} as const;
export type ModalSize = keyof typeof modalWidths;

export interface AppModalProps extends Omit<ModalProps, 'width'> {
  size?: ModalSize;
  children?: ReactNode;
}

/** antd Modal with the product's sizes and a 200 ms fade (class od-modal, styled in ui.css). */
export function AppModal({ size = 'medium', className, ...rest }: AppModalProps) {
  return (
    <Modal
      width={modalWidths[size]}
      transitionName="ant-fade"
      maskTransitionName="ant-fade"
      className={['od-modal', `od-modal-${size}`, className].filter(Boolean).join(' ')}
      centered
      {...rest}
    />
  );
}
