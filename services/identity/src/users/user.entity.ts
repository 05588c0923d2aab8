import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Locale, Permissions, Role } from '@dukan/contracts';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text', name: 'first_name' })
  firstName!: string;

  @Column({ type: 'text', name: 'last_name' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', name: 'password_hash', select: false })
  passwordHash!: string;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'text', name: 'language_preference', default: 'en' })
  languagePreference!: Locale;

  /** The user's own permission lists per module; null means the role's defaults. */
  @Column({ type: 'jsonb', nullable: true })
  permissions!: Permissions | null;

  /** The branch the user works in when the app names none; null: the installation's default branch. */
  @Column({ type: 'text', name: 'home_branch', nullable: true })
  homeBranch!: string | null;

  /** The branches the user may work in; null: the home branch only. Admins work in every branch. */
  @Column({ type: 'text', array: true, nullable: true })
  branches!: string[] | null;

  /** Bumped by logout, password reset, deactivation, a rename and branch edits: older tokens stop working. */
  @Column({ type: 'integer', name: 'token_version', default: 1 })
  tokenVersion!: number;

  /**
   * Tokens below this version cannot be refreshed. Moved by logout, password reset, deactivation and deletion,
   * not by a rename or branch edit: after those the app swaps its token for one with the change.
   */
  @Column({ type: 'integer', name: 'refresh_floor', default: 1 })
  refreshFloor!: number;

  @Column({ type: 'timestamptz', name: 'last_login', nullable: true })
  lastLogin!: Date | null;

  @Column({ type: 'timestamptz', name: 'deleted_at', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
